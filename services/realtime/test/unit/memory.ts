import { fixedClock } from '@sneakers/shared/clock';
import type { RealtimeDeps } from '../../src/connections/ports';

/**
 * The realtime deps in memory: connections and tickets in maps, every posted frame recorded
 * (`goneIds` answer 410, `failingIds` throw), warnings collected.
 */
export function memoryDeps(goneIds: string[] = [], failingIds: string[] = []) {
  const rows = new Map<string, { topic: string; ttl: number; userId?: string }>();
  const tickets = new Map<string, { userId: string; expiresAt: number }>();
  const posted: [string, string][] = [];
  const warnings: string[] = [];
  let ticketNo = 0;
  const deps: RealtimeDeps = {
    clock: fixedClock('2026-11-22T10:00:00Z'),
    newTicket: () => `t${++ticketNo}`.padEnd(43, 'x'),
    log: { warn: (message) => void warnings.push(message) },
    connections: {
      add: async (c) => void rows.set(c.connectionId, c),
      remove: async (id) => void rows.delete(id),
      async *byTopic(topic, now) {
        yield [...rows].filter(([, c]) => c.topic === topic && c.ttl > now).map(([id]) => id);
      },
      subscribe: async (id, userId) => {
        const row = rows.get(id);
        if (row) row.userId = userId;
        return row !== undefined;
      },
      byUser: async (userId, now) =>
        [...rows].filter(([, c]) => c.userId === userId && c.ttl > now).map(([id]) => id),
      unlink: async () => undefined,
      addTicket: async ({ ticketHash, ...t }) => void tickets.set(ticketHash, t),
      takeTicket: async (hash, now) => {
        const t = tickets.get(hash);
        tickets.delete(hash);
        return t && t.expiresAt > now ? t.userId : null;
      },
    },
    pusher: {
      post: async (id, data) => {
        if (failingIds.includes(id)) throw new Error('management API unavailable');
        if (goneIds.includes(id)) return 'gone';
        posted.push([id, data]);
        return 'sent';
      },
    },
  };
  return { deps, rows, posted, warnings };
}
