import { describe, expect, it } from 'vitest';
import { buildEvent, dealsMatched } from '@sneakers/events';
import { fixedClock } from '@sneakers/shared/clock';
import { DIGEST_SHARDS, digestShardOf, recordPendingDigest, sendDealDigests } from '../../src/digest/domain';
import type { DigestDeps, DigestDueEvent, PendingDigest } from '../../src/digest/ports';
import { defaultPreferences } from '../../src/preferences/domain';
import type { Preferences } from '../../src/preferences/ports';

/** In-memory digest ports with the repository's semantics (rows keyed by event, versioned preferences). */
function digestMemory(at: string) {
  const clock = fixedClock(at);
  const pending = new Map<string, PendingDigest>();
  const prefs = new Map<string, Preferences>();
  const events: DigestDueEvent[] = [];
  const deps: DigestDeps = {
    clock,
    repo: {
      addPending: async (p) => void pending.set(`${p.day}#${p.userId}#${p.eventId}`, structuredClone(p)),
      // Each row is read from its own shard only, as the Query per partition reads it.
      pendingOfDay: async (day, shard) =>
        [...pending.values()].filter((p) => p.day === day && p.shard === shard),
      removePending: async (rows) => {
        for (const r of rows) pending.delete(`${r.day}#${r.userId}#${r.eventId}`);
      },
      preferencesOf: async (userId) => structuredClone(prefs.get(userId) ?? null),
      markSent: async (p, sentAt, event) => {
        if ((prefs.get(p.userId)?.version ?? 0) !== p.version) return 'stale';
        prefs.set(p.userId, { ...p, lastDigestAt: sentAt, version: p.version + 1 });
        events.push(event);
        return 'committed';
      },
    },
  };
  return { deps, clock, pending, prefs, events };
}

const matched = (userId: string, id: string, occurredAt: string, newDeals = 1) =>
  buildEvent(
    dealsMatched,
    {
      userId,
      newDeals,
      samples: Array.from({ length: Math.min(newDeals, 10) }, (_, i) => ({
        dealId: `${id}-${i}`,
        productName: `Dunk Low ${i}`,
        partnerName: 'Kicks BCN',
      })),
    },
    { eventId: id, occurredAt },
  ).detail;

describe('the daily deals digest', () => {
  it('sends one digest per user with the deals of yesterday and today, and clears the work', async () => {
    const m = digestMemory('2026-11-26T07:00:00Z');
    await recordPendingDigest(m.deps, matched('u1', 'e1', '2026-11-25T10:00:00Z', 2));
    await recordPendingDigest(m.deps, matched('u1', 'e1', '2026-11-25T10:00:00Z', 2)); // redelivered
    await recordPendingDigest(m.deps, matched('u1', 'e2', '2026-11-26T06:00:00Z', 3));
    await recordPendingDigest(m.deps, matched('u2', 'e3', '2026-11-26T06:30:00Z'));
    const run = await sendDealDigests(m.deps);
    expect(run.sent.map((s) => [s.userId, s.newDeals]).sort()).toEqual([
      ['u1', 5],
      ['u2', 1],
    ]);
    expect(m.events.map((e) => e.eventId).sort()).toEqual([
      'deals-digest.u1.2026-11-26',
      'deals-digest.u2.2026-11-26',
    ]);
    const u1 = m.events.find((e) => e.detail.data.userId === 'u1');
    expect(u1?.detail.data.samples.map((s) => s.dealId)).toEqual(['e1-0', 'e1-1', 'e2-0', 'e2-1', 'e2-2']);
    expect(m.pending.size).toBe(0);
  });

  it('never sends two a day: a second run, or new deals later that day, wait for tomorrow', async () => {
    const m = digestMemory('2026-11-26T07:00:00Z');
    await recordPendingDigest(m.deps, matched('u1', 'e1', '2026-11-26T06:00:00Z'));
    expect((await sendDealDigests(m.deps)).sent).toHaveLength(1);
    await recordPendingDigest(m.deps, matched('u1', 'e2', '2026-11-26T09:00:00Z'));
    m.clock.advance(3 * 3600_000);
    const again = await sendDealDigests(m.deps);
    expect(again.sent).toEqual([]);
    expect(again.skipped).toEqual([{ userId: 'u1', reason: 'sent_today' }]);
    expect(m.events).toHaveLength(1);
    // Tomorrow's run tells only the deal matched after the first digest.
    m.clock.advance(24 * 3600_000);
    const tomorrow = await sendDealDigests(m.deps);
    expect(tomorrow.sent).toEqual([expect.objectContaining({ userId: 'u1', newDeals: 1 })]);
    expect(m.events[1]?.detail.data.samples.map((s) => s.dealId)).toEqual(['e2-0']);
  });

  it('sends nothing to a user who turned the digest off, and drops their work', async () => {
    const m = digestMemory('2026-11-26T07:00:00Z');
    m.prefs.set('u1', { ...defaultPreferences('u1'), dailyDigest: false, version: 1 });
    await recordPendingDigest(m.deps, matched('u1', 'e1', '2026-11-26T06:00:00Z'));
    const run = await sendDealDigests(m.deps);
    expect(run).toEqual({ sent: [], skipped: [{ userId: 'u1', reason: 'off' }] });
    expect(m.events).toEqual([]);
    expect(m.pending.size).toBe(0);
  });

  it('loses nothing to a settings change made during the run: it re-reads and sends once', async () => {
    const m = digestMemory('2026-11-26T07:00:00Z');
    await recordPendingDigest(m.deps, matched('u1', 'e1', '2026-11-26T06:00:00Z'));
    const read = m.deps.repo.preferencesOf;
    let raced = false;
    m.deps.repo.preferencesOf = async (userId) => {
      const seen = await read(userId);
      if (!raced) {
        raced = true;
        m.prefs.set(userId, { ...defaultPreferences(userId), shippingCents: 700, version: 1 });
      }
      return seen;
    };
    expect((await sendDealDigests(m.deps)).sent).toHaveLength(1);
    expect(m.prefs.get('u1')).toMatchObject({
      shippingCents: 700,
      version: 2,
      lastDigestAt: '2026-11-26T07:00:00.000Z',
    });
  });
});

describe('the pending work’s shards', () => {
  it('keep a user in one shard and spread users over all of them', () => {
    const users = Array.from({ length: 200 }, (_, i) => `user-${i}`);
    expect(users.map(digestShardOf)).toEqual(users.map(digestShardOf));
    const used = new Set(users.map(digestShardOf));
    expect(used.size).toBe(DIGEST_SHARDS);
    expect([...used].every((s) => Number.isInteger(s) && s >= 0 && s < DIGEST_SHARDS)).toBe(true);
  });
});
