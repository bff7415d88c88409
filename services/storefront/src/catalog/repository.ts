import { storefrontBackInStock } from '@sneakers/events/storefront';
import { buildEvent } from '@sneakers/events/define-event';
import { variantSizeSchema } from '@sneakers/shared/contracts/catalog';
import { itemEntity, type ItemRow } from '@sneakers/shared/stock/item-entity';
import { LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import { batchGetRows, entityNameOf } from '@sneakers/shared/table/batch-get';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow, type EntityItem } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { catalogProductView, catalogVariantView } from '@sneakers/shared/views/catalog-product-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { virtualProductView } from '@sneakers/shared/views/virtual-product-view';
import { priceEntity } from '../setup/price-entity';
import { setupEntity } from '../setup/setup-entity';
import { cardIndexEntity, type CardIndexRow } from './card-index-entity';
import type {
  CardIndexChunk,
  CardIndexHeader,
  CatalogueData,
  CatalogueVariant,
  ProjectedProduct,
  ProjectionRepository,
  SourceItem,
  SourceVirtualProduct,
  StoreProfileView,
  StorefrontReader,
  StorefrontSetupView,
} from './ports';
import { productEntity, type ProductOffer, type ProductRow } from './product-entity';

const ITEM_ATTRIBUTES = [
  'id',
  'listType',
  'status',
  'isBulk',
  'productCatalogId',
  'productVariantId',
  'sku',
  'name',
  'brand',
  'colorway',
  'imageUrl',
  'sizes',
  'desiredPrice',
  'askingPrice',
  'purchasePrice',
  'currency',
  'createdAt',
] as const;

const SETUP_ATTRIBUTES = [
  'enabled',
  'name',
  'logoUrl',
  'bannerUrl',
  'description',
  'contact',
  'returnsText',
  'lists',
  'virtualProductIds',
] as const;

function productOf(row: ProductRow): ProjectedProduct {
  const record = toRecord(productEntity.schema, row);
  return {
    ...record,
    // Written only by this area, from ProductOffer[] and StorefrontSize[].
    offers: record.offers as ProductOffer[],
    sizeRun: record.sizeRun as ProjectedProduct['sizeRun'],
    catalogue: (record.catalogue as CatalogueData | undefined) ?? null,
    productCatalogId: record.productCatalogId ?? null,
    imageUrl: record.imageUrl ?? null,
    releaseDate: record.releaseDate ?? null,
  };
}

function chunkOf(row: CardIndexRow): CardIndexChunk {
  const header: CardIndexHeader | null =
    row.productCount === undefined
      ? null
      : { brands: row.brands ?? [], productCount: row.productCount, currency: row.currency ?? null };
  return { chunk: row.chunk, cards: row.cards, header };
}

function sourceItemOf(row: Pick<ItemRow, (typeof ITEM_ATTRIBUTES)[number]>): SourceItem {
  const item = toRecord(itemEntity.schema, row);
  return {
    ...item,
    productCatalogId: item.productCatalogId ?? null,
    productVariantId: item.productVariantId ?? null,
    imageUrl: item.imageUrl ?? null,
    desiredPrice: item.desiredPrice ?? null,
    askingPrice: item.askingPrice ?? null,
    purchasePrice: item.purchasePrice ?? null,
  };
}

function sourceVirtualProductOf(row: EntityItem<typeof virtualProductView>): SourceVirtualProduct {
  const vp = toRecord(virtualProductView.schema, row);
  return {
    ...vp,
    productCatalogId: vp.productCatalogId ?? null,
    productVariantId: vp.productVariantId ?? null,
    imageUrl: vp.imageUrl ?? null,
  };
}

const isListType = (value: string): value is (typeof LIST_TYPES)[number] =>
  (LIST_TYPES as readonly string[]).includes(value);

/** Puts and deletes per transaction: 20 chunks of at most 150 KB stay under its 4 MB. */
const CHUNKS_PER_TRANSACTION = 20;

function entities(client: DocumentClient, table: string) {
  return new Service(
    {
      products: productEntity,
      cardIndex: cardIndexEntity,
      setups: setupEntity,
      prices: priceEntity,
      items: itemEntity,
      virtualProducts: virtualProductView,
      profiles: profileView,
      catalogProducts: catalogProductView,
      catalogVariants: catalogVariantView,
      outbox: outboxEntity,
    },
    { client, table },
  );
}

/** Access patterns: services/storefront/README.md. */
export function createProjectionRepository(client: DocumentClient, table: string): ProjectionRepository {
  const service = entities(client, table);
  const { products, cardIndex, setups, prices, items, virtualProducts } = service.entities;

  return {
    async setup(storeUserId) {
      const { data } = await setups
        .get({ storeUserId })
        .go({ consistent: true, attributes: ['enabled', 'lists', 'virtualProductIds'] });
      return data
        ? { enabled: data.enabled, lists: data.lists, virtualProductIds: data.virtualProductIds }
        : null;
    },
    async sourcesByKey(storeUserId, keys) {
      const itemKeys = keys.items.flatMap(({ listType, id }) =>
        isListType(listType) ? [itemEntity.key({ userId: storeUserId, listType, id })] : [],
      );
      const rows = await batchGetRows(
        client,
        table,
        [
          ...itemKeys,
          ...[...new Set(keys.items.map((k) => k.id))].map((itemId) =>
            priceEntity.key({ storeUserId, itemId }),
          ),
          ...keys.virtualProductIds.map((id) => virtualProductView.key({ storeUserId, id })),
        ],
        { consistent: true },
      );
      const sourceItems: SourceItem[] = [];
      const vps: SourceVirtualProduct[] = [];
      const priceOf = new Map<string, number>();
      for (const Item of rows) {
        const entity = entityNameOf(Item);
        if (entity === itemEntity.schema.model.entity) {
          const row = itemEntity.parse({ Item }, { attributes: [...ITEM_ATTRIBUTES] }).data;
          if (row) sourceItems.push(sourceItemOf(row));
        } else if (entity === priceEntity.schema.model.entity) {
          const row = priceEntity.parse({ Item }).data;
          if (row) priceOf.set(row.itemId, row.price);
        } else if (entity === virtualProductView.schema.model.entity) {
          const row = virtualProductView.parse({ Item }).data;
          if (row) vps.push(sourceVirtualProductOf(row));
        }
      }
      return { items: sourceItems, virtualProducts: vps, prices: priceOf };
    },
    async productsById(storeUserId, productIds) {
      const rows = await batchGetRows(
        client,
        table,
        productIds.map((productId) => productEntity.key({ storeUserId, productId })),
        { consistent: true },
      );
      return rows.flatMap((Item) => {
        const row = productEntity.parse({ Item }).data;
        return row ? [productOf(row)] : [];
      });
    },
    async sources(storeUserId) {
      const { data: setup } = await setups
        .get({ storeUserId })
        .go({ consistent: true, attributes: ['enabled', 'lists', 'virtualProductIds'] });
      if (!setup?.enabled) {
        return { storeUserId, setup: null, items: [], virtualProducts: [], prices: new Map() };
      }
      const [itemRows, priceRows, vpRows] = await Promise.all([
        Promise.all(
          setup.lists.map((listType) =>
            items.query
              .byOwner({ userId: storeUserId, listType })
              .go({ pages: 'all', consistent: true, attributes: [...ITEM_ATTRIBUTES] }),
          ),
        ),
        prices.query.byStore({ storeUserId }).go({ pages: 'all', consistent: true }),
        setup.virtualProductIds.length > 0
          ? virtualProducts.query.byStore({ storeUserId }).go({ pages: 'all', consistent: true })
          : Promise.resolve({ data: [] }),
      ]);
      const sourceItems: SourceItem[] = itemRows.flatMap(({ data }) => data.map(sourceItemOf));
      return {
        storeUserId,
        setup: { enabled: true, lists: setup.lists, virtualProductIds: setup.virtualProductIds },
        items: sourceItems,
        virtualProducts: vpRows.data.map(sourceVirtualProductOf),
        prices: new Map(priceRows.data.map((row) => [row.itemId, row.price])),
      };
    },
    async products(storeUserId) {
      const { data } = await products.query.byStore({ storeUserId }).go({ pages: 'all', consistent: true });
      return data.map(productOf);
    },
    async put(row, events, eventIds, at) {
      await transact(() =>
        service.transaction
          .write(({ products: p, outbox }) => [
            p.put(toRow(row)).commit(),
            ...events.map((event, i) =>
              outbox
                .create(
                  outboxItem(
                    buildEvent(
                      storefrontBackInStock,
                      { storeUserId: row.storeUserId, productId: event.productId, size: event.size, at },
                      { eventId: eventIds[i]!, occurredAt: at },
                    ),
                  ),
                )
                .commit(),
            ),
          ])
          .go(),
      );
    },
    async remove(storeUserId, productId) {
      await products.delete({ storeUserId, productId }).go();
    },
    async cardIndex(storeUserId) {
      const { data } = await cardIndex.query.byStore({ storeUserId }).go({ pages: 'all', consistent: true });
      return data.map(chunkOf);
    },
    async writeCardIndex(storeUserId, changes) {
      // One transaction for a usual index (a reader sees the old cards or the new ones); a
      // store too large for one goes in several, and the reader counts a card met twice once.
      const writes = [
        ...changes.put.map((c) => ({ put: c })),
        ...changes.remove.map((chunk) => ({ remove: chunk })),
      ];
      for (let i = 0; i < writes.length; i += CHUNKS_PER_TRANSACTION) {
        const slice = writes.slice(i, i + CHUNKS_PER_TRANSACTION);
        await transact(() =>
          service.transaction
            .write(({ cardIndex: index }) =>
              slice.map((w) =>
                'put' in w
                  ? index
                      .put({
                        storeUserId,
                        chunk: w.put.chunk,
                        cards: w.put.cards,
                        ...(w.put.header
                          ? {
                              brands: w.put.header.brands,
                              productCount: w.put.header.productCount,
                              ...(w.put.header.currency ? { currency: w.put.header.currency } : {}),
                            }
                          : {}),
                      })
                      .commit()
                  : index.delete({ storeUserId, chunk: w.remove }).commit(),
              ),
            )
            .go(),
        );
      }
    },
    async catalogue(productCatalogId) {
      // The product and its variants share a partition: one Query (every page) reads both.
      const { data } = await service.collections
        .productDetail({ productId: productCatalogId })
        .go({ pages: 'all' });
      const product = data.catalogProducts[0];
      if (!product) return null;
      const variants: CatalogueVariant[] = data.catalogVariants.flatMap((row) => {
        const size = variantSizeSchema.safeParse(row.size);
        return size.success ? [{ label: row.label, size: size.data }] : [];
      });
      return {
        gender: product.gender ?? null,
        colorway: product.colorway,
        imageUrl: product.imageUrl ?? null,
        releaseDate: product.releaseDate ?? null,
        variants,
      };
    },
  };
}

const PROFILE_ATTRIBUTES = ['businessName', 'avatarUrl', 'currency', 'closingSince'] as const;
/** A product page's row: all but the catalogue's copy, which only the projection reads. */
const PRODUCT_ATTRIBUTES = (Object.keys(productEntity.schema.attributes) as (keyof ProductRow)[]).filter(
  (name) => name !== 'catalogue',
);
const HEADER_ATTRIBUTES = ['brands', 'productCount', 'currency'] as const;
/** A product page's BatchGetItem leaves out chunk 0's cards (up to CARD_CHUNK_BYTES) and the catalogue copy. */
const PRODUCT_PAGE_ATTRIBUTES = [
  ...new Set([
    ...SETUP_ATTRIBUTES,
    ...PROFILE_ATTRIBUTES,
    ...PRODUCT_ATTRIBUTES,
    ...HEADER_ATTRIBUTES,
    '__edb_e__',
    '__edb_v__',
  ]),
];

function setupOf(Item: Record<string, unknown>): StorefrontSetupView | null {
  const s = setupEntity.parse({ Item }, { attributes: [...SETUP_ATTRIBUTES] }).data;
  return s ? { ...s, logoUrl: s.logoUrl ?? null, bannerUrl: s.bannerUrl ?? null } : null;
}

function profileOf(Item: Record<string, unknown>): StoreProfileView | null {
  const p = profileView.parse({ Item }, { attributes: PROFILE_ATTRIBUTES }).data;
  if (!p) return null;
  return {
    businessName: p.businessName,
    avatarUrl: p.avatarUrl ?? null,
    currency: p.currency,
    closing: Boolean(p.closingSince),
  };
}

/**
 * The public reads (services/storefront/README.md, "Access patterns"): a storefront page is 2
 * DynamoDB requests (BatchGetItem set-up + profile, Query of the card index), a product page 1
 * (BatchGetItem set-up + profile + the product row + the index's chunk 0). Exported by
 * src/published.ts so a bench counts them with its own client.
 */
export function createStorefrontReader(client: DocumentClient, table: string): StorefrontReader {
  const { cardIndex } = entities(client, table).entities;
  return {
    async storefront(storeUserId) {
      const rows = await batchGetRows(client, table, [
        setupEntity.key({ storeUserId }),
        profileView.key({ userId: storeUserId }),
      ]);
      let setup = null;
      let profile = null;
      for (const Item of rows) {
        setup ??= setupOf(Item);
        profile ??= profileOf(Item);
      }
      return { setup, profile };
    },
    async cardIndex(storeUserId) {
      // A 1,000-product store's chunks are a few hundred KB: one page.
      const { data } = await cardIndex.query.byStore({ storeUserId }).go({ pages: 'all' });
      return data.map(chunkOf);
    },
    async product(storeUserId, productId) {
      const rows = await batchGetRows(
        client,
        table,
        [
          setupEntity.key({ storeUserId }),
          profileView.key({ userId: storeUserId }),
          productEntity.key({ storeUserId, productId }),
          cardIndexEntity.key({ storeUserId, chunk: 0 }),
        ],
        { attributes: PRODUCT_PAGE_ATTRIBUTES },
      );
      let setup = null;
      let profile = null;
      let row = null;
      let header = null;
      for (const Item of rows) {
        const product = productEntity.parse({ Item }, { attributes: PRODUCT_ATTRIBUTES }).data;
        const chunk = cardIndexEntity.parse({ Item }, { attributes: HEADER_ATTRIBUTES }).data;
        if (product) row = productOf(product);
        else if (chunk?.productCount !== undefined) {
          header = {
            brands: chunk.brands ?? [],
            productCount: chunk.productCount,
            currency: chunk.currency ?? null,
          };
        } else {
          setup ??= setupOf(Item);
          profile ??= profileOf(Item);
        }
      }
      return { setup, profile, row, header };
    },
  };
}
