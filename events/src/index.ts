export * from './define-event';
export * from './settings';
export * from './offers';
import { offerReceived, offerUpdated } from './offers';
import { settingsChanged } from './settings';

/** Every detail-type in the system, for docs and for checking consumer declarations. */
export const eventCatalogue = [settingsChanged, offerReceived, offerUpdated] as const;
export const detailTypes = eventCatalogue.map((e) => e.detailType);
