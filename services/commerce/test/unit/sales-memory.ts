import { fixedClock } from '@sneakers/shared/clock';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { IdempotencyClaim } from '@sneakers/shared/idempotency/idempotency';
import { sequenceIds } from '@sneakers/shared/ids';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { SaleRecord } from '../../src/sales/sale-entity';
import type {
  ClientContact,
  ConsignmentStock,
  ProviderContact,
  SalesDeps,
  StoreProfile,
} from '../../src/sales/ports';
import type { VirtualProductRecord } from '../../src/virtual-products/virtual-product-entity';

/**
 * In-memory sales ports with the store's semantics: the claim, the stock's condition (item
 * updatedAt, consignment in_stock, virtual product active) and the writes are all or nothing.
 * `beforeWrite` runs between the use case's reads and its transaction (a concurrent tab).
 */
export function salesMemory(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const key = (...parts: string[]) => parts.join('#');
  const items = new Map<string, Item>();
  const consignments = new Map<string, ConsignmentStock & { saleId?: string; salePrice?: number }>();
  const virtuals = new Map<string, VirtualProductRecord>();
  const clients = new Map<string, ClientContact>();
  const providers = new Map<string, ProviderContact>();
  const profiles = new Map<string, StoreProfile>();
  const sales = new Map<string, SaleRecord>();
  const claims = new Map<string, IdempotencyClaim>();
  const events: OutboxEvent[] = [];
  const hooks: { beforeWrite?: () => void } = {};

  const storedClaim = (scope: string, k: string) => {
    const claim = claims.get(key(scope, k));
    if (!claim) return null;
    const { ttl: _ttl, ...stored } = claim;
    return structuredClone(stored);
  };
  const deps: SalesDeps = {
    clock,
    ids: sequenceIds('id'),
    idempotency: { get: async (scope, k) => storedClaim(scope, k) },
    repo: {
      readSale: async ({ storeUserId: store, clientId, stock }) => ({
        client: clientId ? (clients.get(key(store, clientId)) ?? null) : null,
        store: profiles.get(store) ?? null,
        item:
          stock.kind === 'inventory' ? structuredClone(items.get(key(store, stock.itemId)) ?? null) : null,
        virtualProduct:
          stock.kind === 'virtual' ? structuredClone(virtuals.get(key(store, stock.id)) ?? null) : null,
        consignment:
          stock.kind === 'consignment'
            ? structuredClone(consignments.get(key(store, stock.providerId, stock.consignmentId)) ?? null)
            : null,
        provider: stock.kind === 'consignment' ? (providers.get(key(store, stock.providerId)) ?? null) : null,
      }),
      getInventoryItem: async (store, id) => structuredClone(items.get(key(store, id)) ?? null),
      getConsignment: async (store, providerId, id) =>
        structuredClone(consignments.get(key(store, providerId, id)) ?? null),
      getVirtualProduct: async (store, id) => structuredClone(virtuals.get(key(store, id)) ?? null),
      getProvider: async (store, id) => providers.get(key(store, id)) ?? null,
      getClient: async (store, id) => clients.get(key(store, id)) ?? null,
      getStoreProfile: async (store) => profiles.get(store) ?? null,
      recordSale: async (sale, claim, stock, written) => {
        const beforeWrite = hooks.beforeWrite;
        hooks.beforeWrite = undefined;
        beforeWrite?.();
        if (claims.has(key(claim.scope, claim.key))) return 'duplicate';
        if (stock.kind === 'item') {
          const current = items.get(key(stock.next.userId, stock.next.id));
          if (current?.updatedAt !== stock.expectedUpdatedAt) return 'stockChanged';
          items.set(key(stock.next.userId, stock.next.id), structuredClone(stock.next));
        } else if (stock.kind === 'consignment') {
          const k = key(stock.storeUserId, stock.providerId, stock.consignmentId);
          const current = consignments.get(k);
          if (current?.status !== 'in_stock') return 'stockChanged';
          consignments.set(k, {
            ...current,
            status: 'sold',
            saleId: stock.saleId,
            salePrice: stock.salePrice,
          });
        } else {
          const current = virtuals.get(key(stock.storeUserId, stock.id));
          if (!current?.active) return 'stockChanged';
          virtuals.set(key(stock.storeUserId, stock.id), {
            ...current,
            soldCount: current.soldCount + stock.quantity,
          });
        }
        claims.set(key(claim.scope, claim.key), structuredClone(claim));
        sales.set(key(sale.storeUserId, sale.id), structuredClone(sale));
        events.push(...written);
        return 'committed';
      },
      listSales: async (store, period, page) => {
        const all = [...sales.values()]
          .filter((s) => s.storeUserId === store)
          .filter(
            (s) => (!period.from || s.saleDate >= period.from) && (!period.to || s.saleDate <= period.to),
          )
          .sort((a, b) => b.saleDate.localeCompare(a.saleDate) || b.id.localeCompare(a.id));
        const start = page.cursor ? Number(page.cursor) : 0;
        const end = start + (page.limit ?? 25);
        return { items: all.slice(start, end), cursor: end < all.length ? String(end) : null };
      },
      getSale: async (store, id) => structuredClone(sales.get(key(store, id)) ?? null),
      updateSale: async (store, id, changes) => {
        const current = sales.get(key(store, id));
        if (!current) return null;
        const next = { ...current, ...changes };
        sales.set(key(store, id), next);
        return structuredClone(next);
      },
    },
  };

  return {
    deps,
    clock,
    hooks,
    events,
    sales,
    items,
    consignments,
    virtuals,
    addItem: (item: Item) => items.set(key(item.userId, item.id), item),
    addClient: (store: string, client: ClientContact) => clients.set(key(store, client.clientId), client),
    addProvider: (store: string, provider: ProviderContact) =>
      providers.set(key(store, provider.id), provider),
    addConsignment: (c: ConsignmentStock) => consignments.set(key(c.storeUserId, c.providerId, c.id), c),
    addVirtual: (v: VirtualProductRecord) => virtuals.set(key(v.storeUserId, v.id), v),
    addProfile: (store: string, profile: StoreProfile) => profiles.set(store, profile),
    item: (store: string, id: string) => items.get(key(store, id)),
  };
}
