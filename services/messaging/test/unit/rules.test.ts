import { describe, expect, it } from 'vitest';
import { assignRoles, pairKey } from '../../src/conversations/rules';
import { counterChange } from '../../src/messages/domain';
import { preview, PREVIEW_LENGTH, seqKey } from '../../src/messages/rules';
import { averageStars } from '../../src/ratings/rules';
import { emailDueAt } from '../../src/unread/rules';

const item = { ownerUserId: 'store-1', listType: 'wtb', itemId: 'item-1' };

describe('pairKey', () => {
  it('is the same whoever starts, and differs per related item', () => {
    expect(pairKey('a', 'b', null)).toBe(pairKey('b', 'a', undefined));
    expect(pairKey('a', 'b', item)).toBe(pairKey('b', 'a', { ...item }));
    expect(pairKey('a', 'b', item)).not.toBe(pairKey('a', 'b', null));
    expect(pairKey('a', 'b', item)).not.toBe(pairKey('a', 'b', { ...item, itemId: 'item-2' }));
    expect(pairKey('a', 'b', item)).not.toBe(pairKey('a', 'c', item));
  });
});

describe('assignRoles', () => {
  const store = (userId: string) => ({ userId, role: 'store' as const });
  const reseller = (userId: string) => ({ userId, role: 'reseller' as const });
  it.each([
    ['a reseller contacts a store', reseller('r'), store('s'), { storeUserId: 's', resellerUserId: 'r' }],
    ['a store contacts a reseller', store('s'), reseller('r'), { storeUserId: 's', resellerUserId: 'r' }],
    [
      'a store contacts a store: the contacted one',
      store('a'),
      store('b'),
      { storeUserId: 'b', resellerUserId: 'a' },
    ],
    [
      'a reseller contacts a reseller: the contacted one',
      reseller('a'),
      reseller('b'),
      { storeUserId: 'b', resellerUserId: 'a' },
    ],
  ])('%s', (_, caller, partner, roles) => {
    expect(assignRoles(caller, partner)).toEqual(roles);
  });
});

describe('averageStars', () => {
  it.each([
    [
      { count: 3, sum: 14 },
      { average: 4.7, count: 3 },
    ],
    [
      { count: 2, sum: 9 },
      { average: 4.5, count: 2 },
    ],
    [
      { count: 3, sum: 13 },
      { average: 4.3, count: 3 },
    ],
    [
      { count: 1, sum: 5 },
      { average: 5, count: 1 },
    ],
    [
      { count: 0, sum: 0 },
      { average: null, count: 0 },
    ],
    [null, { average: null, count: 0 }],
  ])('%o → %o', (counts, summary) => {
    expect(averageStars(counts)).toEqual(summary);
  });
});

describe('seqKey', () => {
  it('sorts as the seqs do', () => {
    const seqs = [10, 9, 1, 100, 2, 1_000_000];
    const keys = seqs.map(seqKey);
    expect([...keys].sort()).toEqual([...seqs].sort((a, b) => a - b).map(seqKey));
    expect(seqKey(7)).toBe('0000000007');
  });

  it('refuses what it cannot order', () => {
    expect(() => seqKey(-1)).toThrow(RangeError);
    expect(() => seqKey(1.5)).toThrow(RangeError);
    expect(() => seqKey(10 ** 10)).toThrow(RangeError);
  });
});

describe('the message email due time', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  it('starts 10 minutes after the first unread message, and a burst keeps it', () => {
    expect(emailDueAt(now)).toBe('2026-03-01T10:10:00.000Z');
    expect(counterChange(null, now)).toEqual({ kind: 'startDue', emailDueAt: '2026-03-01T10:10:00.000Z' });
    const pending = {
      userId: 'u',
      total: 2,
      emailDueAt: '2026-03-01T10:05:00.000Z',
      lastConversationId: 'c',
      lastSenderName: 'S',
      lastPreview: 'p',
    };
    expect(counterChange(pending, now)).toEqual({ kind: 'keepDue', emailDueAt: '2026-03-01T10:05:00.000Z' });
    expect(counterChange({ ...pending, emailDueAt: null }, now).kind).toBe('startDue');
  });
});

describe('preview', () => {
  it('collapses whitespace and cuts long messages', () => {
    expect(preview('  hello\n\n there ')).toBe('hello there');
    const long = preview('x'.repeat(500));
    expect(long).toHaveLength(PREVIEW_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});
