import type { DocumentClient } from '@sneakers/shared/table/client';
import type { ConnectionRepository } from '../domain/realtime';
import { connectionEntity } from './connection-entity';

export function createConnectionRepository(client: DocumentClient, table: string): ConnectionRepository {
  const connections = connectionEntity;
  connections.setClient(client);
  connections.setTableName(table);
  return {
    async add(connection) {
      await connections.put(connection).go();
    },
    async remove(connectionId) {
      await connections.delete({ connectionId }).go();
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
  };
}
