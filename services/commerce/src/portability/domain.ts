import { portableSaleSchema, type PortableKind } from '@sneakers/shared/contracts/portability';
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
  eraseInSteps,
} from '@sneakers/shared/portability/owner';
import type { Currency } from '@sneakers/shared/money';
import { saleProfit } from '@sneakers/shared/rules/sale-money';
import { buildSale, utcDate } from '../sales/sale-record';
import type { BuyerClient, CommercePortabilityDeps, SaleRow } from './ports';

/**
 * commerce's side of the portability protocol for past sales
 * (docs/product/migration-tools.md#how-records-move): history brought from another tool, so
 * the sales list, the overview (the ledger counts every sale row by its date) and the DAC7
 * summary include it. A past sale is a sale row with source `import`: no item or consignment
 * is sold by it, and no `Sale.Recorded` goes out (no confirmation email, webhook or
 * shipment). Its buyer is a name, matched to the store's client when its email is one's.
 */

/** A buyer named by neither a name nor a client's. */
export const IMPORTED_BUYER_NAME = 'Imported buyer';

type PortableSale = ReturnType<typeof portableSaleSchema.parse>;

const marksOf = (row: SaleRow): ImportMarks => ({
  importId: row.importId,
  importAction: row.importAction,
  importRow: row.importRow,
  importedAt: row.importedAt,
  importBefore: row.importBefore,
});

export const portableSale = (row: SaleRow, buyerEmail: string | null) => ({
  sku: row.sku,
  name: row.name,
  brand: row.brand,
  size: row.size,
  salePrice: row.salePrice,
  purchasePrice: row.purchasePrice,
  fees: row.fees,
  currency: row.currency,
  saleDate: row.saleDate,
  buyerName: row.buyerName,
  buyerEmail,
  notes: row.notes,
});

const notImported = {
  error: {
    code: 'SALE_NOT_IMPORTED',
    message: 'This sale was recorded in the app: an import does not change it.',
  },
};

/** The row's buyer: its client when its email is one of the store's, else the name it gives. */
function buyerOf(input: PortableSale, client: BuyerClient | null) {
  return {
    clientId: client?.clientId ?? null,
    buyerName: input.buyerName?.trim() || client?.name || IMPORTED_BUYER_NAME,
  };
}

function salesStore(deps: CommercePortabilityDeps): PortableKindStore {
  const { repo } = deps;
  const rowsById = new Map<string, SaleRow>();
  const remember = async (userId: string, rows: SaleRow[]) => {
    const clientIds = [...new Set(rows.flatMap((r) => (r.clientId ? [r.clientId] : [])))];
    const emails = new Map((await repo.getClients(userId, clientIds)).map((c) => [c.clientId, c.email]));
    return rows.map((row): PortableStored => {
      rowsById.set(row.id, row);
      const email = row.clientId ? emails.get(row.clientId) : undefined;
      return {
        id: row.id,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        record: portableSale(row, email || null),
        marks: marksOf(row),
      };
    });
  };
  /** The rows' buyer emails, read in one batch by `prepare` (null: not a client's). */
  const buyers = new Map<string, BuyerClient | null>();
  const clientFor = async (userId: string, raw: string | null | undefined) => {
    const email = raw?.trim().toLowerCase();
    if (!email) return null;
    if (!buyers.has(email))
      buyers.set(email, (await repo.findClientsByEmail(userId, [email])).get(email) ?? null);
    return buyers.get(email) ?? null;
  };
  let storeCurrency: (() => Promise<Currency | null>) | undefined;

  return {
    async page(userId, cursor, limit) {
      const page = await repo.pageSales(userId, cursor, limit);
      return { items: await remember(userId, page.items), cursor: page.cursor };
    },
    async getMany(userId, ids) {
      return remember(userId, await repo.getSales(userId, ids));
    },
    async prepare(userId, records) {
      const emails = emailsOf(records, 'buyerEmail');
      const found = await repo.findClientsByEmail(userId, emails);
      for (const email of emails) buyers.set(email, found.get(email) ?? null);
    },
    parse(userId, raw, newId) {
      const parsed = portableSaleSchema.safeParse(raw);
      if (!parsed.success) return { error: validationError(parsed.error) };
      const input = parsed.data;
      const today = utcDate(deps.clock.now());
      if (input.saleDate > today || Number.isNaN(Date.parse(input.saleDate)))
        return {
          error: {
            code: 'VALIDATION',
            message: 'The sale date must be a past date.',
            fields: { saleDate: ['Sale date cannot be in the future'] },
          },
        };
      return {
        fields: { ...input, buyerEmail: input.buyerEmail?.trim().toLowerCase() ?? input.buyerEmail },
        async create(marks) {
          storeCurrency ??= once(() => repo.storeCurrency(userId));
          const client = await clientFor(userId, input.buyerEmail);
          const now = deps.clock.now();
          const row: SaleRow = {
            ...buildSale({
              storeUserId: userId,
              id: newId(),
              now,
              source: 'import',
              product: {
                productCatalogId: null,
                sku: input.sku,
                name: input.name,
                brand: input.brand ?? '',
                colorway: '',
                imageUrl: null,
              },
              size: input.size,
              salePrice: input.salePrice,
              purchasePrice: input.purchasePrice ?? 0,
              ...(input.fees !== undefined && { fees: input.fees }),
              currency: input.currency ?? (await storeCurrency()) ?? 'EUR',
              saleDate: input.saleDate,
              buyer: buyerOf(input, client),
              notes: input.notes ?? null,
              confirmationQueued: false,
            }),
            ...marks,
            importedAt: now.toISOString(),
          };
          await repo.createSale(row);
          return { id: row.id, updatedAt: row.updatedAt };
        },
        async update(stored, marks) {
          const previous = rowsById.get(stored.id);
          if (!previous) return { error: CHANGED };
          if (previous.source !== 'import') return notImported;
          const client = await clientFor(userId, input.buyerEmail);
          const at = deps.clock.now().toISOString();
          const next = withChanges(previous, input, client, at);
          if ((await repo.updateSale(previous, { ...next, ...marks, importedAt: at })) === 'stale')
            return { error: CHANGED };
          rowsById.set(next.id, next);
          return { id: next.id, updatedAt: at };
        },
      };
    },
    async remove(_userId, stored) {
      const row = rowsById.get(stored.id);
      return row !== undefined && row.source === 'import' && repo.deleteSale(row);
    },
    async restore(userId, stored, before) {
      const previous = rowsById.get(stored.id);
      const parsed = portableSaleSchema.safeParse(before);
      if (!previous || !parsed.success || previous.source !== 'import') return false;
      const client = await clientFor(userId, parsed.data.buyerEmail);
      const next = withChanges(previous, parsed.data, client, deps.clock.now().toISOString());
      return (await repo.updateSale(previous, { ...next, ...NO_IMPORT_MARKS })) === 'updated';
    },
  };
}

/** The sale with the row's fields (a field the row leaves out stays); the profit follows. */
function withChanges(
  previous: SaleRow,
  input: PortableSale,
  client: BuyerClient | null,
  at: string,
): SaleRow {
  const purchasePrice =
    input.purchasePrice === undefined ? previous.purchasePrice : (input.purchasePrice ?? 0);
  const fees = input.fees ?? previous.fees;
  const buyer =
    input.buyerName === undefined && input.buyerEmail === undefined
      ? { clientId: previous.clientId, buyerName: previous.buyerName }
      : buyerOf(input, client);
  return {
    ...previous,
    name: input.name,
    brand: input.brand ?? previous.brand,
    purchasePrice,
    fees,
    profit: saleProfit({ salePrice: previous.salePrice, purchasePrice, fees }),
    currency: input.currency ?? previous.currency,
    ...buyer,
    notes: input.notes === undefined ? previous.notes : input.notes?.trim() || null,
    updatedAt: at,
  };
}

/** Rows an erase step deletes before it checks its time. */
const ERASE_STEP = 100;

/**
 * The store's sales, shipments, payments, virtual products, orders (their share links and the
 * partners' links to them), offer claims and the overview's aggregates go, and the user's links
 * to other stores' orders (docs/product/accounts.md#closing-the-account). Sales and orders other
 * stores recorded with this user as the buyer stay as they were recorded: they are those
 * stores' accounting and DAC7 records.
 */
export async function eraseCommerce(deps: CommercePortabilityDeps, userId: string) {
  refuseDemo(userId);
  return eraseInSteps(deps.clock, () => deps.repo.eraseSome(userId, ERASE_STEP));
}

export function commercePortability(deps: CommercePortabilityDeps): PortabilityOperations {
  const stores: Partial<Record<PortableKind, PortableKindStore>> = { sales: salesStore(deps) };
  return portabilityOperations(stores, ({ userId }) => eraseCommerce(deps, userId));
}
