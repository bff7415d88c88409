import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { saleRecorded } from '@sneakers/events/commerce';
import { shipmentDeps } from './deps';
import { shipSale } from './domain';

/**
 * A recorded sale's carrier and tracking number become its shipment (created, or an existing
 * one linked). Off the sale's transaction on purpose: recording a sale stays one write of its
 * own rows (docs/adr/0013); the ids name the rules and dead-letter queues, so they stay stable.
 */
export const shipmentConsumers: Consumer[] = [
  consumer('ship-recorded-sale', saleRecorded, async (detail) => {
    await shipSale(shipmentDeps(), detail.data);
  }),
];
