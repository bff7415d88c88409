export * from './define-event';
export * from './settings';
import { settingsChanged } from './settings';

/** Every detail-type in the system, for docs and for checking consumer declarations. */
export const eventCatalogue = [settingsChanged] as const;
export const detailTypes = eventCatalogue.map((e) => e.detailType);
