import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { bookingCreateSchema, BOOKING_STATUSES, clientCreateSchema } from './crm';
import { amount, email, requiredText, text } from './fields';
import { itemCreateSchema } from './lists';
import { CONSIGNMENT_STATUSES } from './provider-values';
import { consignmentCreateSchema, providerCreateSchema } from './providers';

/**
 * Data portability between the migration domain and the domains that own records
 * (docs/product/migration-tools.md#how-records-move). The migration domain never writes
 * another domain's rows: it sends each owner's `<owner>-portability` function direct
 * invocations (shared/src/runtime/invoke.ts) of the six operations below, and the owner
 * applies them with its own rules and entities. Every record an import writes carries the
 * import markers (importId, importAction, importRow, importedAt = its updatedAt then, and the
 * before-image of an update), which a later change by anything else clears or outdates.
 *
 * A portable record is what one row of an import (or of an export) holds: the API's create
 * contract of that kind, with references to other records by their natural key (a booking
 * names its client by email, a consignment its provider by email) because ids do not survive
 * a move between accounts.
 */

export const ITEM_KINDS = ['inventory', 'wtb', 'wts', 'wtc'] as const;
export const PORTABLE_KINDS = [
  ...ITEM_KINDS,
  'clients',
  'bookings',
  'providers',
  'consignments',
  'sales',
] as const;
export type PortableKind = (typeof PORTABLE_KINDS)[number];
export const portableKindSchema = z.enum(PORTABLE_KINDS);

/** The owning domains' invoked functions (services/<domain>/src/functions/<domain>-portability.ts). */
export const PORTABILITY_SERVICES = [
  'lists-portability',
  'crm-portability',
  'providers-portability',
  'commerce-portability',
] as const;
export type PortabilityService = (typeof PORTABILITY_SERVICES)[number];

/**
 * Domains that own per-user rows but no portable kind: their `<domain>-portability` function
 * answers only `erase` (shared/src/portability/handler.ts, `createEraseHandler`), so the account
 * deletion reaches them the same way, each step recorded by the sweep (docs/adr/0032).
 */
/** Erased before the portable kinds' owners: nothing outside reaches the account any more. */
const ERASED_FIRST = ['store-api-portability', 'storefront-portability'] as const;
/** Erased after them; notifications last, so a notification an earlier erase caused goes too. */
const ERASED_LAST = [
  'offers-portability',
  'messaging-portability',
  'pricing-portability',
  'deals-portability',
  'flags-portability',
  'notifications-portability',
] as const;
export const ERASE_ONLY_SERVICES = [...ERASED_FIRST, ...ERASED_LAST] as const;

/**
 * Every function an account's deletion calls `erase` on, in order: the store's API keys and
 * storefront first, the portable kinds' owners, then the rest.
 */
export const ERASE_SERVICES = [...ERASED_FIRST, ...PORTABILITY_SERVICES, ...ERASED_LAST] as const;
export type EraseService = (typeof ERASE_SERVICES)[number];

export function portabilityServiceOf(kind: PortableKind): PortabilityService {
  switch (kind) {
    case 'inventory':
    case 'wtb':
    case 'wts':
    case 'wtc':
      return 'lists-portability';
    case 'clients':
    case 'bookings':
      return 'crm-portability';
    case 'providers':
    case 'consignments':
      return 'providers-portability';
    case 'sales':
      return 'commerce-portability';
  }
}

// ------------------------------------------------------------ portable records, by kind

/** An inventory/WTB/WTS/WTC item: the item form's contract; the list is the import's kind. */
export const portableItemSchema = z.omit(itemCreateSchema, { listType: true, bookingId: true });

/**
 * A client: the create contract, except that the email may be absent. A legacy client (or
 * one the clients CSV brought in) has none, and an export must bring it back as it was:
 * such a client is matched by its name and phone instead (shared/src/rules/import-keys.ts).
 */
export const portableClientSchema = z.extend(clientCreateSchema, {
  email: z.optional(z.union([z.literal(''), clientCreateSchema.shape.email])),
});

/** A booking names its client by email (the client must exist or come in the same import). */
export const portableBookingSchema = z.extend(
  z.omit(bookingCreateSchema, { clientId: true, notifyClient: true }),
  {
    clientEmail: email('Client email is required'),
    status: z.optional(z.enum(BOOKING_STATUSES)),
  },
);

export const portableProviderSchema = providerCreateSchema;

/**
 * A consignment names its provider by email, and carries where it stands (in stock, sold
 * with its sale price and time, or returned): an export brings a sold consignment back sold.
 */
export const portableConsignmentSchema = z.extend(consignmentCreateSchema, {
  providerEmail: email('Provider email is required'),
  status: z.optional(z.enum(CONSIGNMENT_STATUSES)),
  salePrice: z.optional(z.nullable(amount)),
  soldAt: z.optional(z.nullable(z.iso.datetime('Sold at must be a date and time (ISO 8601)'))),
});

/**
 * A past sale (history brought from another tool, so the overview and the DAC7 figures
 * include it): no item of this account is sold by it, its stock left long ago.
 */
export const portableSaleSchema = z.strictObject({
  sku: requiredText(40, 'SKU is required'),
  name: requiredText(160, 'Name is required'),
  brand: z.optional(text(60)),
  size: requiredText(20, 'Size is required'),
  salePrice: amount,
  purchasePrice: z.optional(z.nullable(amount)),
  fees: z.optional(amount),
  currency: z.optional(z.enum(CURRENCIES)),
  /** YYYY-MM-DD, not in the future. */
  saleDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Sale date must be a date (YYYY-MM-DD)')),
  buyerName: z.optional(z.nullable(text(120))),
  buyerEmail: z.optional(z.nullable(z.email('Buyer email is not valid'))),
  notes: z.optional(z.nullable(text(2000))),
});

/**
 * The schema a row of each kind is checked with, in the migration preview (cell by cell) and
 * again by the owner when it applies the row. Its keys are the fields a column can map to.
 */
export function portableSchemaOf(kind: PortableKind) {
  switch (kind) {
    case 'inventory':
    case 'wtb':
    case 'wts':
    case 'wtc':
      return portableItemSchema;
    case 'clients':
      return portableClientSchema;
    case 'bookings':
      return portableBookingSchema;
    case 'providers':
      return portableProviderSchema;
    case 'consignments':
      return portableConsignmentSchema;
    case 'sales':
      return portableSaleSchema;
  }
}

// ------------------------------------------------------------ the invoked operations

const userId = z.string().check(z.minLength(1), z.maxLength(64));
const importId = z.string().check(z.minLength(1), z.maxLength(64));
const cursor = z.nullable(z.string().check(z.maxLength(2048)));

/** Rows one `apply` carries at most, and records one page of `keys`/`export` answers at most. */
export const PORTABILITY_APPLY_MAX_ROWS = 100;
export const PORTABILITY_PAGE_MAX = 1000;

/**
 * `keys`: every record of the kind the user owns, by its import key (shared/src/rules/import-keys.ts),
 * with what an import did to it. The migration worker reads them before it applies rows: a
 * key already present is updated (or left unchanged), and a record already written by this
 * very import (a worker that crashed after the write, before its checkpoint) is counted as
 * what that import did, not written twice.
 */
export const portabilityKeysRequest = z.strictObject({
  op: z.literal('keys'),
  userId,
  kind: portableKindSchema,
  cursor,
});

export const portableKeySchema = z.object({
  key: z.string(),
  id: z.string(),
  updatedAt: z.string(),
  /** The import that last wrote the record, while the record is as that import left it; else null. */
  importId: z.nullable(z.string()),
  importAction: z.nullable(z.enum(['created', 'updated'])),
  /**
   * The import's row that wrote it (with importId). A worker resuming after a crash counts a
   * row whose record has this import and this row as done; a later row of the same file with
   * the same key (a duplicate) is an update of it instead.
   */
  importRow: z.nullable(z.int()),
});
export type PortableKey = z.infer<typeof portableKeySchema>;

export const portabilityKeysResponse = z.object({ records: z.array(portableKeySchema), cursor });

/**
 * `apply`: writes rows of one kind for one user, each on its own (one failing row never stops
 * the others). `match` is the record the row's key found (from `keys`), or null to create.
 * The owner checks `record` with `portableSchemaOf(kind)` and its own rules, then:
 * - creates it (import markers: importId, importAction 'created'),
 * - or, when the matched record still has `match.updatedAt`: answers `unchanged` if the row
 *   changes nothing, else replaces the row's fields (importAction 'updated', the record's
 *   portable form before the change kept for `undo`; a record this same import already wrote
 *   keeps its first before-image and its 'created'),
 * - or answers `failed` with a code (`CHANGED` when the record changed since `keys`,
 *   `VALIDATION` with field messages, `NOT_FOUND` for a reference it cannot resolve, ...).
 */
export const portabilityApplyRequest = z.strictObject({
  op: z.literal('apply'),
  userId,
  kind: portableKindSchema,
  importId,
  rows: z
    .array(
      z.strictObject({
        row: z.int().check(z.minimum(0)),
        key: z.string().check(z.minLength(1), z.maxLength(512)),
        record: z.record(z.string(), z.unknown()),
        match: z.nullable(z.strictObject({ id: z.string(), updatedAt: z.string() })),
      }),
    )
    .check(z.maxLength(PORTABILITY_APPLY_MAX_ROWS)),
});

/**
 * `plan`: what `apply` would answer for the same rows now, writing nothing (the import's dry
 * run). The owner runs the same checks and the same "changes nothing" comparison as `apply`,
 * so a row the job would find unchanged is planned `unchanged`, not `updated`. A create is
 * answered `created` with a null id. Rules only a write can check (a reference that must exist
 * when the row is written) may still fail the row in `apply`.
 */
export const portabilityPlanRequest = z.strictObject({
  ...portabilityApplyRequest.shape,
  op: z.literal('plan'),
});

export const APPLY_OUTCOMES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type ApplyOutcome = (typeof APPLY_OUTCOMES)[number];

export const applyResultSchema = z.object({
  row: z.int(),
  outcome: z.enum(APPLY_OUTCOMES),
  id: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  error: z.nullable(
    z.object({
      code: z.string(),
      message: z.string(),
      /** Messages per portable field, as the API's 400 answers them. */
      fields: z.optional(z.record(z.string(), z.array(z.string()))),
    }),
  ),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;
export const portabilityApplyResponse = z.object({ results: z.array(applyResultSchema) });

export const portabilityPlanResponse = portabilityApplyResponse;

/**
 * `undo`: reverts what one import did to the kind's records, a page at a time: a record it
 * created and nobody changed since is deleted; one it updated and nobody changed since gets
 * its fields back; one changed since is kept and counted.
 */
export const portabilityUndoRequest = z.strictObject({
  op: z.literal('undo'),
  userId,
  kind: portableKindSchema,
  importId,
  cursor,
});
export const portabilityUndoResponse = z.object({
  reverted: z.int(),
  kept: z.int(),
  cursor,
});

/** `export`: the user's records of the kind, as portable records plus their id and times. */
export const portabilityExportRequest = z.strictObject({
  op: z.literal('export'),
  userId,
  kind: portableKindSchema,
  cursor,
});
export const exportedRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The portable record: imports back as it is. */
  record: z.record(z.string(), z.unknown()),
  /** Uploaded files of the record (URLs under the product's media base) the archive copies. */
  files: z.array(z.string()),
});
export type ExportedRecord = z.infer<typeof exportedRecordSchema>;
export const portabilityExportResponse = z.object({ records: z.array(exportedRecordSchema), cursor });

/**
 * `erase`: an account's deletion (docs/product/accounts.md#closing-the-account): every
 * record of the domain the user owns goes, and the user's personal data in other users'
 * records of the domain is removed where those users do not need it for their own legal
 * records. Answers how many rows went; `done: false` asks to be called again (time-bounded).
 */
export const portabilityEraseRequest = z.strictObject({
  op: z.literal('erase'),
  userId,
});
export const portabilityEraseResponse = z.object({
  deleted: z.int(),
  anonymised: z.int(),
  done: z.boolean(),
});

export const portabilityRequestSchema = z.discriminatedUnion('op', [
  portabilityKeysRequest,
  portabilityApplyRequest,
  portabilityPlanRequest,
  portabilityUndoRequest,
  portabilityExportRequest,
  portabilityEraseRequest,
]);
export type PortabilityRequest = z.infer<typeof portabilityRequestSchema>;
export type PortabilityKeysRequest = z.infer<typeof portabilityKeysRequest>;
export type PortabilityApplyRequest = z.infer<typeof portabilityApplyRequest>;
export type PortabilityPlanRequest = z.infer<typeof portabilityPlanRequest>;
export type PortabilityUndoRequest = z.infer<typeof portabilityUndoRequest>;
export type PortabilityExportRequest = z.infer<typeof portabilityExportRequest>;
export type PortabilityEraseRequest = z.infer<typeof portabilityEraseRequest>;
