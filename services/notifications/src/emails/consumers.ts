import {
  accountClosureRequested,
  accountDeleted,
  anonymousOfferAnswered,
  bookingCreated,
  bookingInformationRequested,
  bookingUpdated,
  consignmentCreated,
  consignmentSold,
  dealsDigestDue,
  dealsMatched,
  invoicePaid,
  messagesUnread,
  migrationExportReady,
  offerReceived,
  offerUpdated,
  orderCreated,
  paymentFailed,
  paymentRecorded,
  profileCreated,
  providerRegistered,
  saleRecorded,
  storefrontEmailRequested,
  subscriptionChanged,
  trialEnding,
  webhookEndpointDisabled,
} from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { emailsDeps } from './deps';
import { onAccountClosureRequested, onAccountDeleted, onExportReady } from './domain/account';
import { onInvoicePaid, onPaymentFailed, onSubscriptionChanged, onTrialEnding } from './domain/billing';
import { onBookingCreated, onBookingInformationRequested, onBookingUpdated } from './domain/bookings';
import { onOrderCreated, onPaymentRecorded, onSaleRecorded } from './domain/commerce';
import { onConsignmentCreated, onConsignmentSold } from './domain/consignments';
import { onDealsDigestDue, onDealsMatched } from './domain/deals';
import { onMessagesUnread } from './domain/messages';
import { onAnonymousOfferAnswered, onOfferReceived, onOfferUpdated } from './domain/offers';
import { onProviderRegistered } from './domain/providers';
import { onWebhookEndpointDisabled } from './domain/webhooks';
import { onProfileCreated } from './domain/welcome';
import { onStorefrontEmailRequested } from './domain/notify-me';

/** The events the service consumes; the ids name the rules and dead-letter queues, so they stay stable. */
export const emailsConsumers: Consumer[] = [
  consumer('notify-offer-received', offerReceived, (detail) => onOfferReceived(emailsDeps(), detail)),
  consumer('notify-offer-updated', offerUpdated, (detail) => onOfferUpdated(emailsDeps(), detail)),
  consumer('email-offer-answered', anonymousOfferAnswered, (detail) =>
    onAnonymousOfferAnswered(emailsDeps(), detail),
  ),
  consumer('email-booking-created', bookingCreated, (detail) => onBookingCreated(emailsDeps(), detail)),
  consumer('email-booking-updated', bookingUpdated, (detail) => onBookingUpdated(emailsDeps(), detail)),
  consumer('email-booking-information', bookingInformationRequested, (detail) =>
    onBookingInformationRequested(emailsDeps(), detail),
  ),
  consumer('email-consignment-created', consignmentCreated, (detail) =>
    onConsignmentCreated(emailsDeps(), detail),
  ),
  consumer('email-consignment-sold', consignmentSold, (detail) => onConsignmentSold(emailsDeps(), detail)),
  consumer('email-sale-confirmation', saleRecorded, (detail) => onSaleRecorded(emailsDeps(), detail)),
  consumer('notify-order-created', orderCreated, (detail) => onOrderCreated(emailsDeps(), detail)),
  consumer('email-payment', paymentRecorded, (detail) => onPaymentRecorded(emailsDeps(), detail)),
  consumer('notify-provider-registered', providerRegistered, (detail) =>
    onProviderRegistered(emailsDeps(), detail),
  ),
  consumer('email-message-received', messagesUnread, (detail) => onMessagesUnread(emailsDeps(), detail)),
  consumer('email-welcome', profileCreated, (detail) => onProfileCreated(emailsDeps(), detail)),
  consumer('email-storefront-requested', storefrontEmailRequested, (detail) =>
    onStorefrontEmailRequested(emailsDeps(), detail),
  ),
  consumer('notify-subscription-changed', subscriptionChanged, (detail) =>
    onSubscriptionChanged(emailsDeps(), detail),
  ),
  consumer('notify-trial-ending', trialEnding, (detail) => onTrialEnding(emailsDeps(), detail)),
  consumer('email-payment-failed', paymentFailed, (detail) => onPaymentFailed(emailsDeps(), detail)),
  consumer('email-invoice-paid', invoicePaid, (detail) => onInvoicePaid(emailsDeps(), detail)),
  consumer('notify-webhook-disabled', webhookEndpointDisabled, (detail) =>
    onWebhookEndpointDisabled(emailsDeps(), detail),
  ),
  consumer('notify-deals-matched', dealsMatched, (detail) => onDealsMatched(emailsDeps(), detail)),
  consumer('email-deals-digest', dealsDigestDue, (detail) => onDealsDigestDue(emailsDeps(), detail)),
  consumer('email-export-ready', migrationExportReady, (detail) => onExportReady(emailsDeps(), detail)),
  consumer('email-account-closure', accountClosureRequested, (detail) =>
    onAccountClosureRequested(emailsDeps(), detail),
  ),
  consumer('email-account-deleted', accountDeleted, (detail) => onAccountDeleted(emailsDeps(), detail)),
];
