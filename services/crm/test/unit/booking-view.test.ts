import { describe, expect, it } from 'vitest';
import { bookingView } from '@sneakers/shared/views/booking-view';
import { viewDrift } from '@sneakers/shared/views/drift';
import { bookingEntity } from '../../src/bookings/booking-entity';

describe('the shared read-only booking view', () => {
  it('reads the rows this service owns exactly as they are written', () => {
    expect(viewDrift(bookingView, bookingEntity)).toEqual([]);
  });

  it('notices a change of the primary key, the collection or the lookup index', () => {
    const { byClient, byStore } = bookingView.schema.indexes;
    const drifted = {
      schema: {
        ...bookingView.schema,
        indexes: {
          byClient: { ...byClient, collection: 'storeBookings' },
          byStore: { ...byStore, pk: { field: 'gsi1pk', composite: ['storeUserId', 'clientId'] } },
        },
      },
    };
    expect(viewDrift(drifted, bookingEntity)).toEqual([
      expect.stringContaining('primary key'),
      expect.stringContaining('index gsi1'),
    ]);
  });

  it('notices an attribute the owner does not have', () => {
    const drifted = {
      schema: {
        ...bookingView.schema,
        attributes: { ...bookingView.schema.attributes, ownerId: { type: 'string' } },
      },
    };
    expect(viewDrift(drifted, bookingEntity)).toEqual(['ownerId: not an attribute of the owner']);
  });
});
