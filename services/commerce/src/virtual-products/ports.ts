import type { Clock } from '@sneakers/shared/clock';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { VirtualProductRecord } from './virtual-product-entity';

/** Changed fields (null removes an optional one) and the new updatedAt. */
export type VirtualProductChanges = Partial<
  Omit<VirtualProductRecord, 'storeUserId' | 'id' | 'soldCount' | 'createdAt' | 'updatedAt'>
> & { updatedAt: string };

export interface VirtualProductsRepository {
  /** Newest first (ULIDs, descending). */
  list(storeUserId: string, page: PageRequest): Promise<Page<VirtualProductRecord>>;
  get(storeUserId: string, id: string): Promise<VirtualProductRecord | null>;
  /** The idempotency claim and the product in one transaction. */
  create(record: VirtualProductRecord, claim: IdempotencyClaim): Promise<'committed' | 'duplicate'>;
  /** null when it does not exist (or is another store's). */
  update(
    storeUserId: string,
    id: string,
    changes: VirtualProductChanges,
  ): Promise<VirtualProductRecord | null>;
  /** Only while it has no sales: 'hasSales' when it has, 'missing' when it is not there. */
  remove(storeUserId: string, id: string): Promise<'committed' | 'hasSales' | 'missing'>;
  /** The store's currency (profiles), null without a profile. */
  storeCurrency(storeUserId: string): Promise<Currency | null>;
}

export interface VirtualProductsDeps {
  repo: VirtualProductsRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
