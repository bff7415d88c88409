import type { Clock } from '@sneakers/shared/clock';
import type { Courier, ShipmentLink, ShipmentLinkKind } from '@sneakers/shared/contracts/shipments';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';

/**
 * A shipment as the use cases hold it. Not derived from the entity: the row stores the link
 * flat (`linkKind`, `linkId`) with the `linkKey` its index needs (repository.ts maps them).
 */
export interface ShipmentRecord {
  storeUserId: string;
  id: string;
  courier: Courier;
  trackingNumber: string;
  shippedDate: string | null;
  deliveredDate: string | null;
  notes: string | null;
  link: ShipmentLink | null;
  linkLabel: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ShipmentFilter =
  { kind: 'all' } | { kind: 'link'; linkKind: ShipmentLinkKind; linkId: string } | { kind: 'unassociated' };

export interface ShipmentRepository {
  list(storeUserId: string, filter: ShipmentFilter, page: PageRequest): Promise<Page<ShipmentRecord>>;
  get(storeUserId: string, id: string): Promise<ShipmentRecord | null>;
  /** The claim (conditional on absence) and the shipment, one transaction. */
  create(record: ShipmentRecord, claim: IdempotencyClaim): Promise<'committed' | 'duplicate'>;
  /** Replaces the shipment if it is still as read (`before.updatedAt`); 'stale' otherwise. */
  replace(next: ShipmentRecord, before: ShipmentRecord): Promise<'committed' | 'stale'>;
  delete(storeUserId: string, id: string): Promise<'committed' | 'missing'>;
  /** Creates the shipment unless one with its id exists ('exists'): a sale's, made once. */
  createOnce(record: ShipmentRecord): Promise<'committed' | 'exists'>;
  /** The store's shipment with this courier and (stored) number, if any: the newest. */
  findByTracking(
    storeUserId: string,
    courier: Courier,
    trackingNumber: string,
  ): Promise<ShipmentRecord | null>;
  /** A readable label of the store's record, or null when it is not one of the store's records. */
  linkTarget(storeUserId: string, link: ShipmentLink): Promise<{ label: string | null } | null>;
}

export interface ShipmentDeps {
  repo: ShipmentRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
