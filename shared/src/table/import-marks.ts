/**
 * The import markers an imported record carries (shared/src/contracts/portability.ts,
 * shared/src/portability/owner.ts): spread into an owned entity's attributes. Absent on
 * records no import wrote; the record types of the domain's own use cases leave them out
 * (`Omit<RecordOf<Item>, ImportMarkKey>`), so only the portability areas read and write them.
 */
export const importMarkAttributes = {
  importId: { type: 'string' },
  importAction: { type: ['created', 'updated'] as const },
  importRow: { type: 'number' },
  importedAt: { type: 'string' },
  /** JSON of the portable record before the import's update, for undo. */
  importBefore: { type: 'string' },
} as const;

export const IMPORT_MARK_KEYS = [
  'importId',
  'importAction',
  'importRow',
  'importedAt',
  'importBefore',
] as const;
export type ImportMarkKey = (typeof IMPORT_MARK_KEYS)[number];
