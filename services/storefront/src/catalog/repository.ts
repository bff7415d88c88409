import { storefrontBackInStock } from '@sneakers/events/storefront';
import { buildEvent } from '@sneakers/events/define-event';
import { variantSizeSchema } from '@sneakers/shared/contracts/catalog';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { batchGetRows } from '@sneakers/shared/table/batch-get';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { catalogProductView, catalogVariantView } from '@sneakers/shared/views/catalog-product-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { virtualProductView } from '@sneakers/shared/views/virtual-product-view';
import { priceEntity } from '../setup/price-entity';
import { setupEntity } from '../setup/setup-entity';
import type {
  CatalogueData,
  CatalogueVariant,
  ProjectedProduct,
  ProjectionRepository,
  SourceItem,
  StorefrontReader,
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

function entities(client: DocumentClient, table: string) {
  return new Service(
    {
      products: productEntity,
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
  const { products, setups, prices, items, virtualProducts } = service.entities;

  return {
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
      const sourceItems: SourceItem[] = itemRows.flatMap(({ data }) =>
        data.map((row) => {
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
        }),
      );
      return {
        storeUserId,
        setup: { enabled: true, lists: setup.lists, virtualProductIds: setup.virtualProductIds },
        items: sourceItems,
        virtualProducts: vpRows.data.map((row) => {
          const vp = toRecord(virtualProductView.schema, row);
          return {
            ...vp,
            productCatalogId: vp.productCatalogId ?? null,
            productVariantId: vp.productVariantId ?? null,
            imageUrl: vp.imageUrl ?? null,
          };
        }),
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

/** The public reads: at most 2 DynamoDB requests for a storefront page (a BatchGetItem and a Query). */
export function createStorefrontReader(client: DocumentClient, table: string): StorefrontReader {
  const { products } = entities(client, table).entities;
  return {
    async storefront(storeUserId) {
      const rows = await batchGetRows(client, table, [
        setupEntity.key({ storeUserId }),
        profileView.key({ userId: storeUserId }),
      ]);
      let setup = null;
      let profile = null;
      for (const Item of rows) {
        const s = setupEntity.parse({ Item }, { attributes: [...SETUP_ATTRIBUTES] }).data;
        if (s) {
          setup = { ...s, logoUrl: s.logoUrl ?? null, bannerUrl: s.bannerUrl ?? null };
          continue;
        }
        const p = profileView.parse({ Item }, { attributes: ['businessName', 'avatarUrl', 'currency'] }).data;
        if (p) profile = { ...p, avatarUrl: p.avatarUrl ?? null };
      }
      return { setup, profile };
    },
    async products(storeUserId) {
      const { data } = await products.query.byStore({ storeUserId }).go({ pages: 'all' });
      return data.map(productOf);
    },
  };
}
