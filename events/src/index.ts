export * from './define-event';
export * from './settings';
export * from './offers';
export * from './crm';
export * from './providers';
import { bookingCreated, bookingInformationRequested, bookingUpdated } from './crm';
import { consignmentCreated, consignmentSold, providerRegistered } from './providers';
import { offerReceived, offerUpdated } from './offers';
import { settingsChanged } from './settings';

/** Every detail-type in the system, for docs and for checking consumer declarations. */
export const eventCatalogue = [
  settingsChanged,
  offerReceived,
  offerUpdated,
  bookingCreated,
  bookingUpdated,
  bookingInformationRequested,
  providerRegistered,
  consignmentCreated,
  consignmentSold,
] as const;
export const detailTypes = eventCatalogue.map((e) => e.detailType);
