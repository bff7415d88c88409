import {
  portableConsignmentSchema,
  portableProviderSchema,
  type PortableKind,
} from '@sneakers/shared/contracts/portability';
import type { PortabilityOperations } from '@sneakers/shared/portability/handler';
import {
  CHANGED,
  emailsOf,
  NO_IMPORT_MARKS,
  once,
  portabilityOperations,
  refuseDemo,
  validationError,
  type ImportMarks,
  type PortableKindStore,
  type PortableStored,
  type WriteMarks,
  eraseInSteps,
} from '@sneakers/shared/portability/owner';
import type { Currency } from '@sneakers/shared/money';
import { newConsignment } from '../consignments/domain';
import { applyChanges, newProvider } from '../providers/domain';
import type { ConsignmentRow, ConsignmentWithProvider, ProviderRow, ProvidersPortabilityDeps } from './ports';

/**
 * providers' side of the portability protocol (docs/product/migration-tools.md#how-records-move):
 * providers by email, consignments naming their provider by email. An imported provider is
 * the store's own entry (approved, source manual, as one added in the app); an imported
 * consignment is in stock, like one recorded in the app, and its provider must be approved.
 * Imports send nothing: no consignment event, so no email to the provider and no webhook.
 */

const marksOf = (row: ProviderRow | ConsignmentRow): ImportMarks => ({
  importId: row.importId,
  importAction: row.importAction,
  importRow: row.importRow,
  importedAt: row.importedAt,
  importBefore: row.importBefore,
});

const marksAt = (marks: WriteMarks, at: string) => ({ ...marks, importedAt: at });

export const portableProvider = (row: ProviderRow) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  alias: row.alias,
  dni: row.dni,
  iban: row.iban,
});

export const portableConsignment = ({ row, providerEmail }: ConsignmentWithProvider) => ({
  providerEmail,
  itemSku: row.itemSku,
  itemName: row.itemName,
  size: row.size,
  productCatalogId: row.productCatalogId,
  productVariantId: row.productVariantId,
  itemBrand: row.itemBrand ?? '',
  itemColorway: row.itemColorway ?? '',
  itemImageUrl: row.itemImageUrl,
  price: row.price,
  currency: row.currency,
  notes: row.notes,
  status: row.status,
  salePrice: row.salePrice,
  soldAt: row.soldAt,
});

/**
 * Where an imported consignment stands: the row's status (in stock when it names none); a
 * sold one keeps its sale price and time (the import's time when the row gives none).
 */
function standing(
  input: {
    status?: ConsignmentRow['status'] | undefined;
    salePrice?: number | null | undefined;
    soldAt?: string | null | undefined;
  },
  at: string,
): Pick<ConsignmentRow, 'status' | 'salePrice' | 'soldAt'> {
  const status = input.status ?? 'in_stock';
  if (status !== 'sold') return { status, salePrice: null, soldAt: null };
  return { status, salePrice: input.salePrice ?? null, soldAt: input.soldAt ?? at };
}

/** A consignment's id in the protocol: its provider's and its own (its key holds both). */
const consignmentRef = (row: Pick<ConsignmentRow, 'providerId' | 'id'>) => `${row.providerId}/${row.id}`;
const parseRef = (ref: string) => {
  const [providerId = '', id = ''] = ref.split('/');
  return { providerId, id };
};

function providersStore(deps: ProvidersPortabilityDeps): PortableKindStore {
  const { repo } = deps;
  const rowsById = new Map<string, ProviderRow>();
  const remember = (rows: ProviderRow[]) =>
    rows.map((row): PortableStored => {
      rowsById.set(row.id, row);
      return {
        id: row.id,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        record: portableProvider(row),
        marks: marksOf(row),
      };
    });
  return {
    async page(userId, cursor, limit) {
      const page = await repo.pageProviders(userId, cursor, limit);
      return { items: remember(page.items), cursor: page.cursor };
    },
    async getMany(userId, ids) {
      return remember(await repo.getProviders(userId, ids));
    },
    parse(userId, raw, newId) {
      const parsed = portableProviderSchema.safeParse(raw);
      if (!parsed.success) return { error: validationError(parsed.error) };
      const input = parsed.data;
      return {
        fields: { ...input },
        async create(marks) {
          const now = deps.clock.now();
          const row: ProviderRow = {
            ...newProvider(userId, input, { id: newId(), now, source: 'manual' }),
            ...marksAt(marks, now.toISOString()),
          };
          if ((await repo.createProvider(row)) === 'email_taken')
            return {
              error: {
                code: 'PROVIDER_EMAIL_TAKEN',
                message: 'Another provider already uses this email address.',
                fields: { email: ['Another provider already uses this email address.'] },
              },
            };
          return { id: row.id, updatedAt: row.updatedAt };
        },
        async update(stored, marks) {
          const previous = rowsById.get(stored.id);
          if (!previous) return { error: CHANGED };
          const changed = applyChanges(previous, { ...input, email: previous.email }, deps.clock.now());
          const next: ProviderRow = { ...previous, ...changed, ...marksAt(marks, changed.updatedAt) };
          if ((await repo.updateProvider(previous, next)) === 'stale') return { error: CHANGED };
          rowsById.set(next.id, next);
          return { id: next.id, updatedAt: next.updatedAt };
        },
      };
    },
    async remove(_userId, stored) {
      const row = rowsById.get(stored.id);
      // A provider with consignments keeps them (their undo runs first): it is kept too.
      return row !== undefined && row.consignmentCount === 0 && repo.deleteProvider(row);
    },
    async restore(_userId, stored, before) {
      const previous = rowsById.get(stored.id);
      const parsed = portableProviderSchema.safeParse(before);
      if (!previous || !parsed.success) return false;
      const changed = applyChanges(previous, { ...parsed.data, email: previous.email }, deps.clock.now());
      return (
        (await repo.updateProvider(previous, { ...previous, ...changed, ...NO_IMPORT_MARKS })) === 'updated'
      );
    },
  };
}

const providerMissing = (email: string) => ({
  error: {
    code: 'NOT_FOUND',
    message: `No provider with the email ${email}: import providers first`,
    fields: { providerEmail: [`No provider with the email ${email}: import providers first`] },
  },
});

const providerNotApproved = {
  error: {
    code: 'PROVIDER_NOT_APPROVED',
    message: 'Consignments can only be recorded for an approved provider.',
    fields: { providerEmail: ['Consignments can only be recorded for an approved provider.'] },
  },
};

const notInStock = {
  error: { code: 'CONSIGNMENT_NOT_IN_STOCK', message: 'Only a consignment that is in stock can change.' },
};

function consignmentsStore(deps: ProvidersPortabilityDeps): PortableKindStore {
  const { repo } = deps;
  const rowsById = new Map<string, ConsignmentRow>();
  /** The rows' provider emails, read in one batch by `prepare` (null: no such provider). */
  const providers = new Map<string, ProviderRow | null>();
  const providerOf = async (userId: string, email: string) => {
    if (!providers.has(email))
      providers.set(email, (await repo.findProvidersByEmail(userId, [email])).get(email) ?? null);
    return providers.get(email) ?? null;
  };
  let currency: (() => Promise<Currency | null>) | undefined;
  const remember = (items: ConsignmentWithProvider[]) =>
    items.map((item): PortableStored => {
      rowsById.set(consignmentRef(item.row), item.row);
      return {
        id: consignmentRef(item.row),
        createdAt: item.row.createdAt,
        updatedAt: item.row.updatedAt,
        record: portableConsignment(item),
        marks: marksOf(item.row),
      };
    });
  return {
    async page(userId, cursor, limit) {
      const page = await repo.pageConsignments(userId, cursor, limit);
      return { items: remember(page.items), cursor: page.cursor };
    },
    async getMany(userId, ids) {
      const rows = await repo.getConsignments(userId, ids.map(parseRef));
      const providerIds = [...new Set(rows.map((r) => r.providerId))];
      const emails = new Map((await repo.getProviders(userId, providerIds)).map((p) => [p.id, p.email]));
      return remember(
        rows.flatMap((row) => {
          const providerEmail = emails.get(row.providerId);
          return providerEmail === undefined ? [] : [{ row, providerEmail }];
        }),
      );
    },
    async prepare(userId, records) {
      const emails = emailsOf(records, 'providerEmail');
      const found = await repo.findProvidersByEmail(userId, emails);
      for (const email of emails) providers.set(email, found.get(email) ?? null);
    },
    parse(userId, raw, newId) {
      const parsed = portableConsignmentSchema.safeParse(raw);
      if (!parsed.success) return { error: validationError(parsed.error) };
      const { providerEmail, status, salePrice, soldAt, ...input } = parsed.data;
      return {
        fields: { ...parsed.data },
        async create(marks) {
          currency ??= once(() => repo.storeCurrency(userId));
          const provider = await providerOf(userId, providerEmail);
          if (!provider) return providerMissing(providerEmail);
          if (provider.status !== 'approved') return providerNotApproved;
          const now = deps.clock.now();
          const row: ConsignmentRow = {
            ...newConsignment(provider, input, {
              id: newId(),
              now,
              defaultCurrency: input.currency ?? (await currency()),
            }),
            ...standing({ status, salePrice, soldAt }, now.toISOString()),
            ...marksAt(marks, now.toISOString()),
          };
          const outcome = await repo.createConsignment(row);
          if (outcome === 'provider_not_approved') return providerNotApproved;
          return { id: consignmentRef(row), updatedAt: row.updatedAt };
        },
        async update(stored, marks) {
          const previous = rowsById.get(stored.id);
          if (!previous) return { error: CHANGED };
          // As in the app: only a consignment still in stock changes.
          if (previous.status !== 'in_stock') return notInStock;
          const at = deps.clock.now();
          const fresh = newConsignment(
            { storeUserId: previous.storeUserId, id: previous.providerId },
            { ...input, currency: input.currency ?? previous.currency },
            { id: previous.id, now: at, defaultCurrency: previous.currency },
          );
          const next: ConsignmentRow = {
            ...previous,
            ...pickDefined(fresh, input),
            // As in the app, an in-stock consignment may end sold or returned.
            ...(status !== undefined && standing({ status, salePrice, soldAt }, at.toISOString())),
            updatedAt: at.toISOString(),
            ...marksAt(marks, at.toISOString()),
          };
          if ((await repo.updateConsignment(previous, next)) === 'stale') return { error: CHANGED };
          rowsById.set(stored.id, next);
          return { id: stored.id, updatedAt: next.updatedAt };
        },
      };
    },
    async remove(_userId, stored) {
      const row = rowsById.get(stored.id);
      return row !== undefined && row.status === 'in_stock' && repo.deleteConsignment(row);
    },
    async restore(_userId, stored, before) {
      const previous = rowsById.get(stored.id);
      const parsed = portableConsignmentSchema.safeParse(before);
      if (!previous || !parsed.success || previous.status !== 'in_stock') return false;
      // The before-image of an in-stock consignment: in stock it stays.
      const { providerEmail: _provider, status: _s, salePrice: _p, soldAt: _t, ...input } = parsed.data;
      const at = deps.clock.now();
      const fresh = newConsignment({ storeUserId: previous.storeUserId, id: previous.providerId }, input, {
        id: previous.id,
        now: at,
        defaultCurrency: previous.currency,
      });
      const next: ConsignmentRow = {
        ...previous,
        ...pickDefined(fresh, input),
        updatedAt: at.toISOString(),
        ...NO_IMPORT_MARKS,
      };
      return (await repo.updateConsignment(previous, next)) === 'updated';
    },
  };
}

const CONSIGNMENT_FIELDS = [
  'itemSku',
  'itemName',
  'size',
  'productCatalogId',
  'productVariantId',
  'itemBrand',
  'itemColorway',
  'itemImageUrl',
  'price',
  'currency',
  'notes',
] as const;

/** The fields the row gives, normalised as a new consignment's (a field it leaves out stays). */
function pickDefined(
  fresh: Pick<ConsignmentRow, (typeof CONSIGNMENT_FIELDS)[number]>,
  input: Partial<Record<(typeof CONSIGNMENT_FIELDS)[number], unknown>>,
) {
  const out: Partial<ConsignmentRow> = {};
  for (const field of CONSIGNMENT_FIELDS)
    if (input[field] !== undefined) Object.assign(out, { [field]: fresh[field] });
  return out;
}

/** Providers an erase call deletes before it checks its time (each with its consignments). */
const ERASE_STEP = 10;

/**
 * The store's providers, consignments, IBAN reveals and registration link all go. The same
 * person registered as another store's provider stays there: that store keeps its consignors
 * for its own records (docs/product/accounts.md#closing-the-account).
 */
export async function eraseProviders(deps: ProvidersPortabilityDeps, userId: string) {
  refuseDemo(userId);
  return eraseInSteps(deps.clock, () => deps.repo.eraseSome(userId, ERASE_STEP));
}

export function providersPortability(deps: ProvidersPortabilityDeps): PortabilityOperations {
  const stores: Partial<Record<PortableKind, PortableKindStore>> = {
    providers: providersStore(deps),
    consignments: consignmentsStore(deps),
  };
  return portabilityOperations(stores, ({ userId }) => eraseProviders(deps, userId));
}
