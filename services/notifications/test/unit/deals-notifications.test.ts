import { describe, expect, it } from 'vitest';
import { buildEvent, dealsDigestDue, dealsMatched } from '@sneakers/events';
import { onDealsDigestDue, onDealsMatched } from '../../src/emails/domain/deals';
import { memoryDeps } from './memory';

const chicago = { dealId: 'd1', productName: 'Jordan 1 Chicago', partnerName: 'Kicks BCN' };
const panda = { dealId: 'd2', productName: 'Dunk Low Panda', partnerName: 'Hype Vault' };

const matched = (newDeals: number, samples = [chicago], id = 'evt-1') =>
  buildEvent(
    dealsMatched,
    { userId: 'u1', newDeals, samples },
    { eventId: id, occurredAt: '2026-11-25T08:00:00.000Z' },
  ).detail;

const digest = (newDeals: number, samples = [chicago, panda]) =>
  buildEvent(
    dealsDigestDue,
    { userId: 'u1', day: '2026-11-26', newDeals, samples },
    { eventId: 'deals-digest.u1.2026-11-26', occurredAt: '2026-11-26T07:00:00.000Z' },
  ).detail;

describe('Deals.Matched → one in-app notification (deal)', () => {
  it.each([
    ['en', 1, 'New deal: Jordan 1 Chicago from Kicks BCN'],
    ['en', 3, '3 new deals'],
    ['es', 1, 'Nuevo acuerdo: Jordan 1 Chicago de Kicks BCN'],
    ['es', 3, '3 acuerdos nuevos'],
  ] as const)('in %s for %i deal(s), once per event, linking to the board', async (language, n, title) => {
    const m = memoryDeps();
    m.addRecipient('u1', { language });
    await onDealsMatched(m.deps, matched(n));
    await onDealsMatched(m.deps, matched(n));
    expect([...m.rows.values()]).toEqual([
      expect.objectContaining({ recipientUserId: 'u1', type: 'deal', title, link: '/dashboard/deals' }),
    ]);
    expect(m.sent).toEqual([]);
  });

  it('stores both languages, so the SPA shows either', async () => {
    const m = memoryDeps();
    m.addRecipient('u1');
    await onDealsMatched(m.deps, matched(3, [chicago, panda]));
    const [row] = [...m.rows.values()];
    expect(row?.texts?.en?.title).toBe('3 new deals');
    expect(row?.texts?.es?.title).toBe('3 acuerdos nuevos');
    expect(row?.texts?.en?.body).toContain('Jordan 1 Chicago from Kicks BCN');
  });
});

describe('Deals.DigestDue → the deals_digest email', () => {
  it.each([
    ['en', 'Your deals today: 4 new', 'Jordan 1 Chicago from Kicks BCN', 'and 2 more.'],
    ['es', 'Tus acuerdos de hoy: 4 nuevos', 'Jordan 1 Chicago de Kicks BCN', 'y 2 más.'],
  ] as const)('in %s, once per event, with the board link', async (language, subject, line, more) => {
    const m = memoryDeps();
    m.addRecipient('u1', { language, contactEmail: 'store@kicks.example' });
    await onDealsDigestDue(m.deps, digest(4));
    await onDealsDigestDue(m.deps, digest(4));
    expect(m.sent).toHaveLength(1);
    expect(m.sent[0]).toMatchObject({ to: 'store@kicks.example', subject });
    expect(m.sent[0]?.text).toContain(line);
    expect(m.sent[0]?.text).toContain(more);
    expect(m.sent[0]?.text).toContain('https://app.example/dashboard/deals');
    expect(m.rows.size).toBe(0);
  });

  it('is skipped when the user turned email notifications off', async () => {
    const m = memoryDeps();
    m.addRecipient('u1', { emailNotifications: false });
    await onDealsDigestDue(m.deps, digest(1, [chicago]));
    expect(m.sent).toEqual([]);
  });
});
