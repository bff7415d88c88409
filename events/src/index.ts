export * from './define-event';
export * from './settings';
export * from './offers';
export * from './crm';
export * from './providers';
export * from './notifications';
export * from './flags';
export * from './catalog';
export * from './commerce';
export * from './messaging';
export * from './profiles';
export * from './billing';
export * from './webhooks';
export * from './storefront';
export * from './deals';
export * from './migration';
import { bookingCreated, bookingInformationRequested, bookingUpdated } from './crm';
import { consignmentCreated, consignmentSold, providerRegistered } from './providers';
import { notificationAdded, notificationRead } from './notifications';
import { anonymousOfferAnswered, offerReceived, offerUpdated } from './offers';
import { settingsChanged } from './settings';
import { flagsChanged } from './flags';
import { catalogProductsChanged } from './catalog';
import { orderCreated, orderUpdated, paymentRecorded, saleRecorded } from './commerce';
import { conversationRead, messagesUnread, messageSent } from './messaging';
import { accountClosureRequested, accountDeleted, profileCreated } from './profiles';
import {
  checkoutExpired,
  checkoutPaid,
  invoicePaid,
  paymentFailed,
  subscriptionChanged,
  trialEnding,
} from './billing';
import { webhookEndpointDisabled } from './webhooks';
import { storefrontBackInStock, storefrontCheckoutPaid, storefrontEmailRequested } from './storefront';
import { dealsChanged, dealsDigestDue, dealsMatched } from './deals';
import { migrationExportReady, migrationExportRequested, migrationImportQueued } from './migration';

/** Every detail-type in the system, for docs and for checking consumer declarations. */
export const eventCatalogue = [
  settingsChanged,
  offerReceived,
  offerUpdated,
  anonymousOfferAnswered,
  bookingCreated,
  bookingUpdated,
  bookingInformationRequested,
  providerRegistered,
  consignmentCreated,
  consignmentSold,
  notificationAdded,
  notificationRead,
  flagsChanged,
  catalogProductsChanged,
  saleRecorded,
  paymentRecorded,
  orderUpdated,
  messageSent,
  conversationRead,
  messagesUnread,
  profileCreated,
  subscriptionChanged,
  trialEnding,
  paymentFailed,
  invoicePaid,
  webhookEndpointDisabled,
  storefrontCheckoutPaid,
  storefrontBackInStock,
  storefrontEmailRequested,
  checkoutPaid,
  checkoutExpired,
  orderCreated,
  dealsMatched,
  dealsChanged,
  dealsDigestDue,
  migrationImportQueued,
  migrationExportRequested,
  migrationExportReady,
  accountClosureRequested,
  accountDeleted,
] as const;
export const detailTypes = eventCatalogue.map((e) => e.detailType);
