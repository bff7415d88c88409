import { describe, expect, it } from 'vitest';
import type { Item } from '@sneakers/shared/contracts/lists';
import { isShownPublicly } from '@sneakers/shared/rules/public-visibility';
import { isSellable, newItemDefaults, statusesFor, takeSize } from '@sneakers/shared/rules/stock';
import { listItem } from './items';

const now = new Date('2026-11-22T10:00:00Z');
const item = (over: Partial<Item> = {}): Item =>
  listItem({ sizes: ['42', 'US 10', '44'], purchasePrice: 8000, ...over });

describe('isSellable: every unsold pair, on every list (docs/product/lists-and-public-lists.md#item-status)', () => {
  it.each([
    ['inventory', 'available', true],
    // A pair the old inventory form saved as pending is still an unsold pair.
    ['inventory', 'pending', true],
    ['inventory', 'sold', false],
    ['wts', 'pending', true],
    ['wts', 'available', true],
    ['wtb', 'pending', true],
    ['wtc', 'sold', false],
  ] as const)('%s item %s → %s', (listType, status, sellable) => {
    const listed = { listType, status };
    expect(isSellable(listed)).toBe(sellable);
  });

  it('sells an inventory pair saved as pending, like an available one', () => {
    const outcome = takeSize(
      item({ listType: 'inventory', status: 'pending', sizes: ['42', '43'] }),
      '42',
      now,
    );
    expect(outcome).toMatchObject({ ok: true, next: { status: 'pending', sizes: ['43'] } });
  });
});

describe('statusesFor', () => {
  it('gives the inventory available and sold; the shareable lists also pending', () => {
    expect(statusesFor('inventory')).toEqual(['available', 'sold']);
    for (const listType of ['wtb', 'wts', 'wtc'] as const)
      expect(statusesFor(listType)).toEqual(['available', 'pending', 'sold']);
  });
});

describe('newItemDefaults', () => {
  it('starts inventory pairs available and private, list items pending and public', () => {
    expect(newItemDefaults('inventory')).toEqual({ status: 'available', visibility: 'private' });
    for (const listType of ['wtb', 'wts', 'wtc'] as const)
      expect(newItemDefaults(listType)).toEqual({ status: 'pending', visibility: 'public' });
    // Each default status is sellable, and a list item's default is shown publicly.
    expect(isSellable(newItemDefaults('inventory'))).toBe(true);
    expect(isShownPublicly({ listType: 'wtc', ...newItemDefaults('wtc') })).toBe(true);
  });
});

describe('takeSize', () => {
  it('removes the sold size and stamps updatedAt; the item stays available while sizes are left', () => {
    const outcome = takeSize(item(), '42', now);
    expect(outcome).toEqual({
      ok: true,
      next: expect.objectContaining({
        sizes: ['US 10', '44'],
        status: 'available',
        updatedAt: now.toISOString(),
      }),
    });
  });

  it('matches sizes case-insensitively and trimmed', () => {
    const outcome = takeSize(item(), '  us 10 ', now);
    expect(outcome.ok && outcome.next.sizes).toEqual(['42', '44']);
  });

  it('marks the item sold when its last size goes, keeping the size it had', () => {
    const outcome = takeSize(item({ sizes: ['42'] }), '42', now);
    expect(outcome.ok && [outcome.next.sizes, outcome.next.status]).toEqual([['42'], 'sold']);
  });

  it('keeps a bulk item’s sizes (several pairs per size), for any quantity', () => {
    const bulk = item({ isBulk: true, sizes: ['BULK'] });
    const outcome = takeSize(bulk, 'bulk', now, 5);
    expect(outcome.ok && [outcome.next.sizes, outcome.next.status]).toEqual([['BULK'], 'available']);
  });

  it.each([
    ['a size the item does not hold', item(), '45', 1, 'size_not_in_stock'],
    ['more than one pair of a single size', item(), '42', 2, 'size_not_in_stock'],
    ['a zero quantity', item(), '42', 0, 'size_not_in_stock'],
    ['a sold item', item({ status: 'sold' }), '42', 1, 'not_available'],
  ] as const)('refuses %s', (_label, it0, size, quantity, reason) => {
    expect(takeSize(it0, size, now, quantity)).toEqual({ ok: false, reason });
  });

  it('sells a publicly shown list item (pending), which then leaves the list when empty', () => {
    const outcome = takeSize(item({ listType: 'wts', status: 'pending', sizes: ['42'] }), '42', now);
    expect(outcome.ok && outcome.next.status).toBe('sold');
  });

  it('does not change the item it was given', () => {
    const before = item();
    takeSize(before, '42', now);
    expect(before.sizes).toEqual(['42', 'US 10', '44']);
  });
});
