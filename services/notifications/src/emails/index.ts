/** Email and notification copy: catalogues in ./locales, one template module per source. */
import type { AccountEmailType } from './templates/account';
import type { BillingEmailType } from './templates/billing';
import type { BookingEmailType } from './templates/bookings';
import type { CommerceEmailType } from './templates/commerce';
import type { DealsEmailType } from './templates/deals';
import type { ConsignmentEmailType } from './templates/consignments';
import type { MessageEmailType } from './templates/messages';
import type { NotifyMeEmailType } from './templates/notify-me';
import type { WebhookEmailType } from './templates/webhooks';
import type { WelcomeEmailType } from './templates/welcome';

export { languageOf, t, type Language } from './catalogue';
export { appLink, escapeHtml, type Message } from './templates/layout';
export * from './templates/offers';
export * from './templates/bookings';
export * from './templates/consignments';
export * from './templates/providers';
export * from './templates/commerce';
export * from './templates/messages';
export * from './templates/welcome';
export * from './templates/notify-me';
export * from './templates/billing';
export * from './templates/webhooks';
export * from './templates/deals';
export * from './templates/account';

/** Every email the service sends; also part of its send key (`eventId#type#recipient`). */
export const EMAIL_TYPES = [
  'offer_received',
  'offer_received_unified',
  'offer_updated',
  'offer_answered',
  'booking_confirmation',
  'booking_update',
  'booking_information',
  'consignment_created',
  'consignment_sold',
  'sale_confirmation',
  'payment',
  'order_confirmation',
  'message_received',
  'welcome',
  'storefront_notify_confirm',
  'storefront_back_in_stock',
  'billing_trial_ending',
  'billing_trial_ended',
  'billing_activated',
  'billing_payment_failed',
  'billing_payment_recovered',
  'billing_cancel_scheduled',
  'billing_cancel_undone',
  'billing_canceled',
  'billing_plan_changed',
  'billing_trial_extended',
  'billing_receipt',
  'webhook_disabled',
  'deals_digest',
  'export_ready',
  'account_closure_requested',
  'account_deleted',
] as const satisfies readonly (
  | AccountEmailType
  | BillingEmailType
  | BookingEmailType
  | ConsignmentEmailType
  | CommerceEmailType
  | MessageEmailType
  | WelcomeEmailType
  | NotifyMeEmailType
  | WebhookEmailType
  | DealsEmailType
  | `offer_${string}`
)[];
export type EmailType = (typeof EMAIL_TYPES)[number];
