import type { Clock } from '@sneakers/shared/clock';
import type { ProviderBalance } from '@sneakers/shared/contracts/payments';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { buildEvent } from '@sneakers/events/define-event';
import type { paymentRecorded } from '@sneakers/events/commerce';
import type { PaymentRecord } from './payment-entity';

/** The consignment fields a payment reads (providers owns the row; shared/src/stock/consignment-entity.ts). */
export interface PayableConsignment {
  id: string;
  providerId: string;
  itemName: string;
  itemSku: string;
  size: string;
  price: number;
  currency: Currency;
  status: string;
  paymentId: string | null;
}

export type PaymentRecordedEvent = ReturnType<typeof buildEvent<typeof paymentRecorded.data>>;

export interface PaymentRepository {
  list(storeUserId: string, providerId: string | null, page: PageRequest): Promise<Page<PaymentRecord>>;
  get(storeUserId: string, id: string): Promise<PaymentRecord | null>;
  provider(storeUserId: string, providerId: string): Promise<{ name: string; email: string } | null>;
  /** The provider's consignments by id (missing ones left out). */
  consignments(
    storeUserId: string,
    providerId: string,
    ids: readonly string[],
  ): Promise<PayableConsignment[]>;
  store(storeUserId: string): Promise<{ businessName: string; language: (typeof LANGUAGES)[number] } | null>;
  /**
   * One transaction: the claim, the payment, each consignment set paid on condition it is
   * sold and unpaid, and the event. 'duplicate' (the claim) or 'notPayable' (a consignment).
   */
  create(
    record: PaymentRecord,
    claim: IdempotencyClaim,
    event: PaymentRecordedEvent,
  ): Promise<'committed' | 'duplicate' | 'notPayable'>;
  balances(storeUserId: string): Promise<ProviderBalance[]>;
}

export interface PaymentDeps {
  repo: PaymentRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
