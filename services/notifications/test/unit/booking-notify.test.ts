import { describe, expect, it } from 'vitest';
import { bookingCreated, bookingUpdated, buildEvent } from '@sneakers/events';
import { onBookingCreated, onBookingUpdated } from '../../src/emails/domain/bookings';
import { bookingData, memoryDeps } from './memory';

const data = bookingData({ storeBusinessName: 'Kicks' });
const meta = (eventId: string) => ({ eventId, occurredAt: '2026-11-22T09:00:00.000Z' });

describe('booking emails: the store switched the email off for one save', () => {
  it('sends nothing for that save, and still sends (once) for the others', async () => {
    const { deps, sent, sends } = memoryDeps();
    const quiet = buildEvent(bookingCreated, { ...data, notifyClient: false }, meta('evt-1'));
    await onBookingCreated(deps, quiet.detail);
    await onBookingUpdated(
      deps,
      buildEvent(bookingUpdated, { ...data, status: 'found', notifyClient: false }, meta('evt-2')).detail,
    );
    expect(sent).toHaveLength(0);
    // Nothing claimed: a skipped send leaves no record behind.
    expect(sends.size).toBe(0);

    const loud = buildEvent(
      bookingUpdated,
      { ...data, status: 'completed', notifyClient: true },
      meta('evt-3'),
    );
    await onBookingUpdated(deps, loud.detail);
    await onBookingUpdated(deps, loud.detail);
    expect(sent.map((m) => m.subject)).toEqual(['Booking updated: Dunk Low']);
  });

  it('an event written before the switch existed (no flag) still emails', async () => {
    const { deps, sent } = memoryDeps();
    const legacy = {
      schema: bookingCreated.schema,
      ...meta('evt-legacy'),
      data,
    };
    const detail = bookingCreated.detail.parse(legacy);
    expect(detail.data.notifyClient).toBe(true);
    await onBookingCreated(deps, detail);
    expect(sent.map((m) => m.subject)).toEqual(['Booking confirmed: Dunk Low']);
  });
});
