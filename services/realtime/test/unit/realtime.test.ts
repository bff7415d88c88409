import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import { buildEvent, settingsChanged } from '@sneakers/events';
import {
  broadcast,
  connect,
  onSettingsChanged,
  parseClientFrame,
  type RealtimeDeps,
} from '../../src/domain/realtime';
import { pushSettingsChanges } from '../../src/service';

function memoryDeps(goneIds: string[] = []) {
  const rows = new Map<string, { topic: string; ttl: number }>();
  const posted: [string, string][] = [];
  const deps: RealtimeDeps = {
    clock: fixedClock('2026-11-22T10:00:00Z'),
    connections: {
      add: async (c) => void rows.set(c.connectionId, c),
      remove: async (id) => void rows.delete(id),
      async *byTopic(topic, now) {
        yield [...rows].filter(([, c]) => c.topic === topic && c.ttl > now).map(([id]) => id);
      },
    },
    pusher: {
      post: async (id, data) => {
        if (goneIds.includes(id)) return 'gone';
        posted.push([id, data]);
        return 'sent';
      },
    },
  };
  return { deps, rows, posted };
}

describe('realtime pushes', () => {
  it('sends the frame to every open connection and forgets the gone ones', async () => {
    const { deps, rows, posted } = memoryDeps(['c2']);
    await connect(deps, 'c1');
    await connect(deps, 'c2');
    const result = await broadcast(deps, 'settings', { type: 'pong' });
    expect(result).toEqual({ sent: 1, gone: 1 });
    expect(posted).toEqual([['c1', '{"type":"pong"}']]);
    expect([...rows.keys()]).toEqual(['c1']);
  });

  it('skips connections past their two-hour TTL', async () => {
    const { deps, posted } = memoryDeps();
    await connect(deps, 'old');
    (deps.clock as ReturnType<typeof fixedClock>).advance(2 * 3600 * 1000 + 1000);
    await broadcast(deps, 'settings', { type: 'pong' });
    expect(posted).toEqual([]);
  });

  it('turns Settings.Changed into an invalidate frame for the changed setting', async () => {
    const { deps, posted } = memoryDeps();
    await connect(deps, 'c1');
    const event = buildEvent(
      settingsChanged,
      { setting: 'signup', changedBy: 'admin' },
      { eventId: 'e1', occurredAt: '2026-11-22T10:00:00Z' },
    );
    await onSettingsChanged(deps, event.detail);
    expect(JSON.parse(posted[0]?.[1] ?? '')).toEqual({
      type: 'invalidate',
      topic: 'settings',
      keys: ['settings.signup'],
    });
  });

  it('rejects an event whose detail does not match its schema', async () => {
    // The consumer parses the detail with the event's schema before the use case sees it.
    const envelope = { id: 'e1', detailType: 'Settings.Changed', source: 'sneakers.settings', time: '' };
    await expect(
      pushSettingsChanges.handle({ ...envelope, detail: { schema: 'settings-changed.v1', data: {} } }),
    ).rejects.toThrow();
  });

  it('accepts only known client frames', () => {
    expect(parseClientFrame('{"action":"ping"}')).toBe(true);
    expect(parseClientFrame('{"action":"drop-table"}')).toBe(false);
    expect(parseClientFrame('not json')).toBe(false);
  });
});
