import type {
  BackInStock,
  CardIndexChunk,
  CatalogueData,
  ProjectedProduct,
  ProjectionDeps,
  ProjectionRepository,
  SourceItem,
  SourceVirtualProduct,
  StoreSources,
} from '../../src/catalog/ports';

/** One store's sources and projection in memory: what the table holds, read and written as the repository does. */
export interface ProjectionMemory {
  setup: StoreSources['setup'];
  /** By `listType#id`, as the item's key. */
  items: Map<string, SourceItem>;
  virtualProducts: Map<string, SourceVirtualProduct>;
  prices: Map<string, number>;
  rows: Map<string, ProjectedProduct>;
  index: CardIndexChunk[];
  /** Every write, in order: `put <productId>`, `remove <productId>`, `index`. */
  writes: string[];
  events: BackInStock[];
}

export const itemKeyOf = (item: Pick<SourceItem, 'listType' | 'id'>) => `${item.listType}#${item.id}`;

export function projectionMemory(over: Partial<ProjectionMemory> = {}): ProjectionMemory {
  return {
    setup: { enabled: true, lists: ['inventory', 'wts'], virtualProductIds: [] },
    items: new Map(),
    virtualProducts: new Map(),
    prices: new Map(),
    rows: new Map(),
    index: [],
    writes: [],
    events: [],
    ...over,
  };
}

/** The repository over `m` (one store: the store id is not checked); the catalogue answers `catalogue`. */
export function memoryRepo(
  m: ProjectionMemory,
  catalogue: (productCatalogId: string) => CatalogueData | null = () => null,
): ProjectionRepository {
  const items = (lists: readonly string[]) => [...m.items.values()].filter((i) => lists.includes(i.listType));
  return {
    setup: async () => m.setup,
    sources: async (storeUserId) =>
      m.setup?.enabled
        ? {
            storeUserId,
            setup: m.setup,
            items: items(m.setup.lists),
            virtualProducts: [...m.virtualProducts.values()],
            prices: new Map(m.prices),
          }
        : { storeUserId, setup: null, items: [], virtualProducts: [], prices: new Map() },
    sourcesByKey: async (_s, keys) => {
      const found = keys.items.flatMap((k) => {
        const item = m.items.get(itemKeyOf(k));
        return item ? [item] : [];
      });
      const prices = new Map<string, number>();
      for (const k of keys.items) {
        const price = m.prices.get(k.id);
        if (price !== undefined) prices.set(k.id, price);
      }
      return {
        items: found,
        virtualProducts: keys.virtualProductIds.flatMap((id) => m.virtualProducts.get(id) ?? []),
        prices,
      };
    },
    products: async () => [...m.rows.values()],
    productsById: async (_s, ids) => ids.flatMap((id) => m.rows.get(id) ?? []),
    put: async (row, events) => {
      m.rows.set(row.productId, row);
      m.events.push(...events);
      m.writes.push(`put ${row.productId}`);
    },
    remove: async (_s, productId) => {
      m.rows.delete(productId);
      m.writes.push(`remove ${productId}`);
    },
    cardIndex: async () => m.index,
    writeCardIndex: async (_s, changes) => {
      const replaced = new Set([...changes.remove, ...changes.put.map((c) => c.chunk)]);
      m.index = [...m.index.filter((c) => !replaced.has(c.chunk)), ...changes.put];
      m.writes.push('index');
    },
    catalogue: async (id) => catalogue(id),
  };
}

export const NOW = new Date('2026-11-01T10:00:00.000Z');

export function memoryDeps(repo: ProjectionRepository): ProjectionDeps {
  let n = 0;
  return {
    repo,
    clock: { now: () => NOW },
    ids: { next: () => `id-${++n}` },
    onError: (error) => {
      throw error;
    },
  };
}
