import type { paymentRecorded, saleRecorded } from '@sneakers/events';
import { paymentEmail, saleConfirmationEmail } from '../index';
import { sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * Commerce emails (no in-app notification): the event carries everything. Skipped silently
 * without an address or when the store chose not to notify; sent once per event. A failed
 * send throws, so the bus retries; the sale or payment is committed already.
 */

/** Sale.Recorded → sale_confirmation to the client. */
export async function onSaleRecorded(deps: EmailsDeps, event: DetailOf<typeof saleRecorded>): Promise<void> {
  const { data } = event;
  if (!data.notifyClient || !data.clientEmail.trim()) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'sale_confirmation', 'client'),
    saleConfirmationEmail(data),
    true,
  );
}

/** Payment.Recorded → payment to the provider. */
export async function onPaymentRecorded(
  deps: EmailsDeps,
  event: DetailOf<typeof paymentRecorded>,
): Promise<void> {
  const { data } = event;
  if (!data.notifyProvider || !data.providerEmail.trim()) return;
  await sendOnce(deps, sendKey(event.eventId, 'payment', 'provider'), paymentEmail(data), true);
}
