import { LIST_TYPES } from '@sneakers/shared/contracts/lists';
import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * Uniqueness marker: one row per (owner, booking) naming the item made from that booking.
 * Written in the same transaction as the item (condition: no marker yet) and deleted with
 * it, so one booking makes at most one item even under concurrent creates, and deleting
 * the item frees the booking. Its own partition (owner and booking), so no query of the
 * owner's items ever reads it. Ids are kept as sent (`casing: 'none'`): only the exact
 * booking id is the same booking.
 */
export const bookingItemEntity = new Entity({
  model: { entity: 'sneakerItemBooking', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    bookingId: { type: 'string', required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
  },
  indexes: {
    byBooking: {
      pk: { field: 'pk', composite: ['userId', 'bookingId'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
});
