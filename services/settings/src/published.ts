/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/settings): the bench's raw read of the coming-soon row.
 */
export { comingSoonEntity } from './settings/coming-soon-entity';
export { COMING_SOON_ID } from './settings/ports';
