/** Kept apart from the entity so the outbox relay can filter records without bundling ElectroDB. */
export const OUTBOX_ENTITY = 'outbox';
