import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import type { ItemCreate } from '@sneakers/shared/contracts/lists';
import { AppError } from '@sneakers/shared/errors';
import { sequenceIds } from '@sneakers/shared/ids';
import { isShownPublicly } from '@sneakers/shared/rules/public-visibility';
import { publicRank } from '@sneakers/shared/rules/public-rank';
import {
  applyUpdate,
  bulkFlag,
  createItem,
  deleteItem,
  getMyItem,
  listMyItems,
  newItem,
  updateItem,
} from '../../src/items/domain';
import type { ItemDeps } from '../../src/items/ports';
import { toPublicItem } from '../../src/public-lists/domain';
import { fromItemRow as fromRow, itemEntity, toItemRow as toRow } from '@sneakers/shared/stock/item-entity';
import { memoryBookings, memoryItems } from './memory';

const alice: Actor = { kind: 'user', userId: 'alice', isSuperuser: false, isDemo: false };
const bob: Actor = { kind: 'user', userId: 'bob', isSuperuser: false, isDemo: false };
const now = new Date('2026-11-22T10:00:00Z');

function deps(): ItemDeps & { items: ReturnType<typeof memoryItems> } {
  return {
    items: memoryItems(),
    bookings: memoryBookings([{ storeUserId: 'alice', bookingId: 'booking-a' }]),
    clock: fixedClock(now),
    ids: sequenceIds('item'),
  };
}

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('price per list', () => {
  it('allows a target price on WTB and a desired price on WTS and WTC only', () => {
    expect(
      newItem('u', { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'], targetPrice: 100 }, 'i', now),
    ).toMatchObject({ targetPrice: 100, desiredPrice: null });
    for (const listType of ['wts', 'wtc'] as const)
      expect(
        newItem('u', { listType, sku: 'A', name: 'N', sizes: ['42'], desiredPrice: 5 }, 'i', now)
          .desiredPrice,
      ).toBe(5);
  });

  it('takes pending only on the shareable lists: an inventory pair is available or sold (STATUS_NOT_FOR_LIST)', () => {
    expect(() =>
      newItem(
        'u',
        { listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'], status: 'pending' },
        'i',
        now,
      ),
    ).toThrow(expect.objectContaining({ status: 400, code: 'STATUS_NOT_FOR_LIST' }) as Error);
    const inventory = newItem('u', { listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'] }, 'i', now);
    expect(inventory.status).toBe('available');
    expect(() => applyUpdate(inventory, { status: 'pending' }, now)).toThrow(/does not apply/);
    expect(applyUpdate(inventory, { status: 'sold' }, now).status).toBe('sold');
    // A row saved pending before the model still takes an edit that leaves its status alone.
    expect(applyUpdate({ ...inventory, status: 'pending' }, { notes: 'n' }, now).notes).toBe('n');
    expect(
      newItem('u', { listType: 'wtc', sku: 'A', name: 'N', sizes: ['42'], status: 'pending' }, 'i', now)
        .status,
    ).toBe('pending');
  });

  it('refuses the other combinations with PRICE_NOT_FOR_LIST and the field', () => {
    const cases = [
      { listType: 'wts', targetPrice: 1, field: 'targetPrice' },
      { listType: 'inventory', targetPrice: 1, field: 'targetPrice' },
      { listType: 'wtb', desiredPrice: 1, field: 'desiredPrice' },
      { listType: 'inventory', desiredPrice: 1, field: 'desiredPrice' },
      { listType: 'wtb', askingPrice: 1, field: 'askingPrice' },
      { listType: 'wts', askingPrice: 1, field: 'askingPrice' },
      { listType: 'wtc', askingPrice: 1, field: 'askingPrice' },
    ] as const;
    for (const { field, ...input } of cases) {
      try {
        newItem('u', { sku: 'A', name: 'N', sizes: ['42'], ...input }, 'i', now);
        expect.unreachable();
      } catch (e) {
        expect(e).toMatchObject({ status: 400, code: 'PRICE_NOT_FOR_LIST' });
        expect(Object.keys((e as AppError).fields ?? {})).toEqual([field]);
      }
    }
  });

  it('gives inventory items an asking price beside the purchase price', () => {
    const item = newItem(
      'u',
      { listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'], purchasePrice: 9000, askingPrice: 15000 },
      'i',
      now,
    );
    expect(item).toMatchObject({
      purchasePrice: 9000,
      askingPrice: 15000,
      targetPrice: null,
      desiredPrice: null,
    });
    expect(applyUpdate(item, { askingPrice: null }, now).askingPrice).toBeNull();
    expect(fromRow(toRow(item))).toEqual(item);
  });

  it('applies the rule to updates too', () => {
    const item = newItem('u', { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'] }, 'i', now);
    expect(() => applyUpdate(item, { desiredPrice: 10 }, now)).toThrow(AppError);
    expect(applyUpdate(item, { targetPrice: 10 }, now).targetPrice).toBe(10);
  });
});

describe('sizes and bulk', () => {
  it('normalises sizes and flags BULK items', () => {
    expect(
      newItem('u', { listType: 'wtb', sku: 'A', name: 'N', sizes: [' 42 ', '42', 'bulk', '43'] }, 'i', now)
        .sizes,
    ).toEqual(['42', 'BULK', '43']);
    expect(bulkFlag(['BULK'], false)).toBe(true);
    expect(bulkFlag(['42'], false)).toBe(false);
    expect(bulkFlag(['42'], true)).toBe(true);
    const item = newItem('u', { listType: 'wtb', sku: 'A', name: 'N', sizes: ['Bulk'] }, 'i', now);
    expect(item).toMatchObject({ sizes: ['BULK'], isBulk: true });
    expect(
      applyUpdate({ ...item, isBulk: false, sizes: ['42'] }, { sizes: ['41', 'BULK'] }, now).isBulk,
    ).toBe(true);
  });

  it('stores a size with its system as one size, as typed', () => {
    const item = newItem(
      'u',
      { listType: 'wtb', sku: 'A', name: 'N', sizes: ['UK 8.5', 'US  10', '42 EU', 'uk 8.5'] },
      'i',
      now,
    );
    expect(item.sizes).toEqual(['UK 8.5', 'US 10', '42 EU']);
    expect(applyUpdate(item, { sizes: ['43 EU, US 9'] }, now).sizes).toEqual(['43 EU', 'US 9']);
  });

  it('refuses more than 60 sizes', () => {
    const sizes = Array.from({ length: 61 }, (_, i) => String(30 + i));
    expect(() => newItem('u', { listType: 'wtb', sku: 'A', name: 'N', sizes }, 'i', now)).toThrow(AppError);
  });

  it('defaults: shareable lists pending and public, inventory available and private', () => {
    expect(newItem('u', { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'] }, 'i', now)).toMatchObject({
      status: 'pending',
      visibility: 'public',
      urgent: false,
      currency: 'EUR',
      brand: '',
      notes: null,
    });
    expect(
      newItem('u', { listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'] }, 'i', now),
    ).toMatchObject({
      status: 'available',
      visibility: 'private',
    });
  });
});

describe('public membership and mapping', () => {
  it('shows only public, pending items of a shareable list', () => {
    expect(isShownPublicly({ listType: 'wtb', visibility: 'public', status: 'pending' })).toBe(true);
    expect(isShownPublicly({ listType: 'wtb', visibility: 'private', status: 'pending' })).toBe(false);
    expect(isShownPublicly({ listType: 'wts', visibility: 'public', status: 'available' })).toBe(false);
    expect(isShownPublicly({ listType: 'wtc', visibility: 'public', status: 'sold' })).toBe(false);
    expect(isShownPublicly({ listType: 'inventory', visibility: 'public', status: 'pending' })).toBe(false);
  });

  it('writes the sparse gsi1 keys only while an item is shown publicly', () => {
    const shown = newItem(
      'u',
      { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'], urgent: true },
      '01J',
      now,
    );
    const put = itemEntity.put(toRow(shown)).params({ table: 't' }) as { Item: Record<string, unknown> };
    expect(put.Item).toMatchObject({ gsi1sk: expect.stringContaining('1#01j') as unknown });
    expect(put.Item.gsi1pk).toEqual(expect.stringContaining('userid_u#listtype_wtb'));
    // The primary keys other services mirror read-only (services/offers): keep them stable.
    expect(put.Item).toMatchObject({ pk: '$sneakers#userid_u', sk: '$sneakeritem_1#listtype_wtb#id_01j' });
    for (const hidden of [
      { ...shown, status: 'sold' as const },
      { ...shown, visibility: 'private' as const },
    ]) {
      const params = itemEntity.put(toRow(hidden)).params({ table: 't' }) as {
        Item: Record<string, unknown>;
      };
      expect(params.Item.gsi1pk).toBeUndefined();
      expect(params.Item.gsi1sk).toBeUndefined();
    }
  });

  it('sorts urgent first, then newest', () => {
    const ranks = [
      { urgent: false, id: '01A' },
      { urgent: true, id: '01B' },
      { urgent: false, id: '01C' },
      { urgent: true, id: '01D' },
    ]
      .map(publicRank)
      .sort()
      .reverse();
    expect(ranks).toEqual(['1#01D', '1#01B', '0#01C', '0#01A']);
  });

  it('strips every private field from a public item', () => {
    const item = newItem(
      'owner-1',
      {
        listType: 'wtb',
        sku: 'DZ5485-612',
        name: 'Jordan 1',
        sizes: ['42'],
        source: 'outlet',
        purchasePrice: 9000,
        purchaseDate: '2026-01-01',
        notes: 'secret',
        bookingId: 'b1',
      },
      'i',
      now,
    );
    const pub = toPublicItem(item) as Record<string, unknown>;
    for (const key of [
      'source',
      'purchasePrice',
      'purchaseDate',
      'notes',
      'userId',
      'bookingId',
      'status',
      'visibility',
      'updatedAt',
    ])
      expect(pub).not.toHaveProperty(key);
    expect(pub).toMatchObject({ sku: 'DZ5485-612', name: 'Jordan 1', sizes: ['42'] });
  });

  it('round-trips nulls through the stored row', () => {
    const item = newItem('u', { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'] }, 'i', now);
    const row = toRow(item);
    expect(row).not.toHaveProperty('notes');
    expect(fromRow(row)).toEqual(item);
  });
});

describe('own items use cases', () => {
  it('creates, reads, updates and deletes only the caller’s items', async () => {
    const d = deps();
    const { item, created } = await createItem(d, alice, {
      listType: 'wtb',
      sku: 'A',
      name: 'N',
      sizes: ['42'],
    });
    expect(created).toBe(true);
    expect(item.userId).toBe('alice');
    expect(await getMyItem(d, alice, item.id)).toEqual(item);
    expect(await code(getMyItem(d, bob, item.id))).toBe('ITEM_NOT_FOUND');
    expect(await code(updateItem(d, bob, item.id, { name: 'x' }))).toBe('ITEM_NOT_FOUND');
    expect(await code(deleteItem(d, bob, item.id))).toBe('ITEM_NOT_FOUND');
    expect((await listMyItems(d, bob, { listType: 'wtb' })).items).toEqual([]);
    expect((await updateItem(d, alice, item.id, { urgent: true })).urgent).toBe(true);
    await deleteItem(d, alice, item.id);
    expect(await code(getMyItem(d, alice, item.id))).toBe('ITEM_NOT_FOUND');
  });

  it('links an item only to one of the caller’s own bookings', async () => {
    const d = deps();
    const input: ItemCreate = { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'] };
    expect((await createItem(d, alice, { ...input, bookingId: 'booking-a' })).item.bookingId).toBe(
      'booking-a',
    );
    expect(await code(createItem(d, bob, { ...input, bookingId: 'booking-a' }))).toBe('BOOKING_NOT_FOUND');
    expect(await code(createItem(d, alice, { ...input, bookingId: 'booking-x' }))).toBe('BOOKING_NOT_FOUND');
    expect([...d.items.rows.values()].map((i) => [i.userId, i.bookingId])).toEqual([['alice', 'booking-a']]);
  });

  it('makes at most one item per booking, and deleting it frees the booking', async () => {
    const d = deps();
    const input: ItemCreate = { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'], bookingId: 'booking-a' };
    const first = await createItem(d, alice, input);
    const again = await createItem(d, alice, { ...input, targetPrice: 500 });
    expect(first.created).toBe(true);
    expect(again).toEqual({ item: first.item, created: false });
    expect(d.items.rows.size).toBe(1);
    await deleteItem(d, alice, first.item.id);
    const renewed = await createItem(d, alice, input);
    expect(renewed.created).toBe(true);
    expect(renewed.item.id).not.toBe(first.item.id);
  });

  it('answers a lost race for a booking with the winner’s item', async () => {
    const d = deps();
    const input: ItemCreate = { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'], bookingId: 'booking-a' };
    const winner = newItem('alice', input, 'winner', now);
    const getByBooking = d.items.getByBooking;
    let lookups = 0;
    // The winner commits between the loser's look-up and its own write.
    d.items.getByBooking = async (userId, bookingId) => {
      if (lookups++ === 0) {
        const found = await getByBooking(userId, bookingId);
        await d.items.create(winner);
        return found;
      }
      return getByBooking(userId, bookingId);
    };
    expect(await createItem(d, alice, input)).toEqual({ item: winner, created: false });
    expect([...d.items.rows.keys()]).toEqual(['winner']);
  });

  it('needs a signed-in, non-demo user to write', async () => {
    const d = deps();
    expect(
      await code(
        createItem(d, { kind: 'anonymous' }, { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'] }),
      ),
    ).toBe('UNAUTHENTICATED');
    const demo: Actor = { kind: 'user', userId: 'demo-store', isSuperuser: false, isDemo: true };
    expect(await code(createItem(d, demo, { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'] }))).toBe(
      'DEMO_MODE',
    );
  });
});
