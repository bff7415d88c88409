import type { consignmentCreated, consignmentSold } from '@sneakers/events';
import { consignmentEmail, type ConsignmentEmailType } from '../index';
import { sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * Consignment emails to the provider (send-consignment-email; no in-app notification):
 * the event carries everything. Skipped silently without a provider email; sent once per event.
 */
type ConsignmentEvent = DetailOf<typeof consignmentCreated>;

async function sendConsignmentEmail(
  deps: EmailsDeps,
  type: ConsignmentEmailType,
  event: ConsignmentEvent,
): Promise<void> {
  if (!event.data.providerEmail.trim()) return;
  await sendOnce(deps, sendKey(event.eventId, type, 'provider'), consignmentEmail(type, event.data), true);
}

/** Consignment.Created → consignment_created. */
export async function onConsignmentCreated(deps: EmailsDeps, event: ConsignmentEvent): Promise<void> {
  await sendConsignmentEmail(deps, 'consignment_created', event);
}

/** Consignment.Sold → consignment_sold. */
export async function onConsignmentSold(
  deps: EmailsDeps,
  event: DetailOf<typeof consignmentSold>,
): Promise<void> {
  await sendConsignmentEmail(deps, 'consignment_sold', event);
}
