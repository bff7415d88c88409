import { Service } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { isConditionalFailure } from '@sneakers/shared/table/transaction';
import { connectionEntity } from './connection-entity';
import type { ConnectionRepository } from './ports';
import { ticketEntity } from './ticket-entity';
import { userConnectionEntity } from './user-connection-entity';

/**
 * Access patterns: connection by id (Put/Get/Patch/Delete); connections of a topic (Query
 * gsi1); a user's connections (Query on the user's partition); ticket by hash (Put, Delete
 * returning the old item: whoever deletes it first gets it, so a ticket works once).
 */
export function createConnectionRepository(client: DocumentClient, table: string): ConnectionRepository {
  const service = new Service(
    { connection: connectionEntity, userConnection: userConnectionEntity, ticket: ticketEntity },
    { client, table },
  );
  const { connection: connections, userConnection: userConnections, ticket: tickets } = service.entities;
  return {
    async add(connection) {
      await connections.put(connection).go();
    },
    async remove(connectionId) {
      const { data } = await connections.delete({ connectionId }).go({ response: 'all_old' });
      if (data?.userId) await userConnections.delete({ userId: data.userId, connectionId }).go();
    },
    async *byTopic(topic, nowSeconds) {
      let cursor: string | null = null;
      do {
        const page: { data: { connectionId: string; ttl: number }[]; cursor: string | null } =
          await connections.query.byTopic({ topic }).go({ cursor, limit: 500 });
        // DynamoDB Local never deletes expired TTL rows, and AWS may lag: filter on read.
        yield page.data.filter((c) => c.ttl > nowSeconds).map((c) => c.connectionId);
        cursor = page.cursor;
      } while (cursor);
    },
    async subscribe(connectionId, userId) {
      const { data: current } = await connections.get({ connectionId }).go({ consistent: true });
      if (!current) return false;
      try {
        // patch: only while the connection still exists ($disconnect may have run meanwhile).
        await connections.patch({ connectionId }).set({ userId }).go();
      } catch (error) {
        if (isConditionalFailure(error)) return false;
        throw error;
      }
      if (current.userId && current.userId !== userId)
        await userConnections.delete({ userId: current.userId, connectionId }).go();
      await userConnections.put({ userId, connectionId, ttl: current.ttl }).go();
      return true;
    },
    async byUser(userId, nowSeconds) {
      const { data } = await userConnections.query.byUser({ userId }).go({ pages: 'all' });
      return data.filter((c) => c.ttl > nowSeconds).map((c) => c.connectionId);
    },
    async unlink(userId, connectionId) {
      await userConnections.delete({ userId, connectionId }).go();
    },
    async addTicket(ticket) {
      await tickets.put({ ...ticket, ttl: ticket.expiresAt }).go();
    },
    async takeTicket(ticketHash, nowSeconds) {
      const { data } = await tickets.delete({ ticketHash }).go({ response: 'all_old' });
      return data && data.expiresAt > nowSeconds ? data.userId : null;
    },
  };
}
