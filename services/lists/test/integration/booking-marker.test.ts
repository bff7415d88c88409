import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newItem } from '../../src/items/domain';
import { itemRepository as repository } from './support';

const now = new Date('2026-11-23T10:00:00Z');
const item = (userId: string, id: string, bookingId: string | null) =>
  newItem(userId, { listType: 'wtb', sku: 'A', name: 'N', sizes: ['42'], bookingId }, id, now);

describe('the booking marker', () => {
  it('refuses a second item for a booking and writes nothing of it', async () => {
    const items = repository();
    const userId = `u-${randomUUID()}`;
    const first = item(userId, `01A${randomUUID()}`, 'BK-1');
    const second = item(userId, `01B${randomUUID()}`, 'BK-1');
    expect(await items.create(first)).toBe('created');
    expect(await items.create(second)).toBe('booking_taken');
    expect(await items.get(userId, second.id)).toBeNull();
    expect(await items.getByBooking(userId, 'BK-1')).toEqual(first);
    // Same id in another casing, or another owner's same booking id: other bookings.
    expect(await items.getByBooking(userId, 'bk-1')).toBeNull();
    expect(await items.create(item(`u-${randomUUID()}`, `01C${randomUUID()}`, 'BK-1'))).toBe('created');
  });

  it('lets exactly one of several concurrent creates for a booking commit', async () => {
    const items = repository();
    const userId = `u-${randomUUID()}`;
    const racers = Array.from({ length: 5 }, (_, i) => item(userId, `01${i}${randomUUID()}`, 'BK-RACE'));
    const outcomes = await Promise.all(racers.map((r) => items.create(r)));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    const winner = racers[outcomes.indexOf('created')];
    expect(await items.getByBooking(userId, 'BK-RACE')).toEqual(winner);
    expect((await items.listByOwner(userId, 'wtb', {})).items).toEqual([winner]);
  });

  it('frees the booking with the item, and leaves another item’s marker alone', async () => {
    const items = repository();
    const userId = `u-${randomUUID()}`;
    const first = item(userId, `01A${randomUUID()}`, 'BK-2');
    await items.create(first);
    expect(await items.delete(first)).toBe(true);
    expect(await items.getByBooking(userId, 'BK-2')).toBeNull();
    expect(await items.delete(first)).toBe(false);

    const current = item(userId, `01B${randomUUID()}`, 'BK-2');
    expect(await items.create(current)).toBe('created');
    // An item that names the booking without owning its marker (written before markers).
    const legacy = item(userId, `01C${randomUUID()}`, 'BK-2');
    await items.putMany([legacy]);
    expect(await items.delete(legacy)).toBe(true);
    expect(await items.getByBooking(userId, 'BK-2')).toEqual(current);
  });
});
