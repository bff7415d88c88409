/** What the IBAN reveal use cases need: the audit trail of reveals, derived from its entity, and the provider. */
import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { EntityItem, RecordOf } from '@sneakers/shared/table/entity';
import type { ProvidersRepository } from '../providers/ports';
import type { ibanRevealEntity } from './iban-reveal-entity';

/**
 * One deliberate reveal of a provider's full IBAN by its store: who saw it (the verified
 * token's user and, when the token carries it, its email), when and why. Ids are ULIDs, so
 * the reveals of a provider sort by time.
 */
export type IbanRevealRecord = RecordOf<EntityItem<typeof ibanRevealEntity>>;

export interface IbanRevealsRepository extends Pick<ProvidersRepository, 'getProvider'> {
  /** Written before the IBAN is answered, so no reveal goes unrecorded. */
  recordIbanReveal(record: IbanRevealRecord): Promise<void>;
  /** One Query of the (store, provider) reveals, newest first, at most `limit`. */
  listIbanReveals(storeUserId: string, providerId: string, limit: number): Promise<IbanRevealRecord[]>;
}

export interface IbanRevealsDeps {
  repo: IbanRevealsRepository;
  /** Reveals per store and minute. */
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
}
