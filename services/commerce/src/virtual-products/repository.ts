import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { isConditionalFailure, transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { VirtualProductsRepository } from './ports';
import { virtualProductEntity, type VirtualProductRow } from './virtual-product-entity';

const DEFAULT_PAGE = 25;
/** The attributes that may be null: an update removes them from the row when they are. */
const VIRTUAL_PRODUCT_NULLABLE = [
  'productCatalogId',
  'productVariantId',
  'imageUrl',
  'costPrice',
  'notes',
] as const;

const productOf = (row: VirtualProductRow) => toRecord(virtualProductEntity.schema, row);

/** Access patterns: see the service's README. */
export function createVirtualProductsRepository(
  client: DocumentClient,
  table: string,
): VirtualProductsRepository {
  const service = new Service(
    { products: virtualProductEntity, idempotency: idempotencyEntity, profiles: profileView },
    { client, table },
  );
  const { products, profiles } = service.entities;

  return {
    list: (storeUserId, page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => products.query.byStore({ storeUserId }).go({ order: 'desc', ...go }),
        productOf,
      ),
    async get(storeUserId, id) {
      const { data } = await products.get({ storeUserId, id }).go();
      return data ? productOf(data) : null;
    },
    create: (record, claim) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency, products: p }) => [
              idempotency.create(claim).commit(),
              p.create(toRow(record)).commit(),
            ])
            .go(),
        ['duplicate'],
      ),
    async update(storeUserId, id, changes) {
      const removed = nullKeys(changes, VIRTUAL_PRODUCT_NULLABLE);
      const patch = products.patch({ storeUserId, id }).set(toRow(changes));
      try {
        const { data } = await (removed.length ? patch.remove(removed) : patch).go({ response: 'all_new' });
        return productOf(data);
      } catch (error) {
        // A patch requires the row: another store's or a missing product fails its condition.
        if (isConditionalFailure(error)) return null;
        throw error;
      }
    },
    async remove(storeUserId, id) {
      try {
        await products
          .delete({ storeUserId, id })
          // A sale adds to soldCount in its transaction, so this also loses to a racing sale.
          .where(({ soldCount }, { eq }) => eq(soldCount, 0))
          .go();
        return 'committed';
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
        const { data } = await products.get({ storeUserId, id }).go({ consistent: true });
        return data ? 'hasSales' : 'missing';
      }
    },
    async storeCurrency(storeUserId) {
      const { data } = await profiles.get({ userId: storeUserId }).go({ attributes: ['currency'] });
      return data?.currency ?? null;
    },
  };
}
