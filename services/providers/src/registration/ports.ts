/** What the registration use cases need: the store's link, the store's name, and a way to add the provider. */
import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { EntityItem } from '@sneakers/shared/table/entity';
import type { ProvidersRepository } from '../providers/ports';
import type { TokenGenerator } from './registration-token';
import type { registrationLinkEntity } from './registration-link-entity';

export type RegistrationLink = EntityItem<typeof registrationLinkEntity>;

export interface RegistrationRepository extends Pick<ProvidersRepository, 'createProvider'> {
  getLink(storeUserId: string): Promise<RegistrationLink | null>;
  /** Only if the store has none yet ('exists' when a concurrent first read won). */
  createLink(link: RegistrationLink): Promise<'committed' | 'exists'>;
  /** Replaces the token: the old one stops matching at once. */
  replaceLink(link: RegistrationLink): Promise<void>;
  /** From the profiles service's row; null when the store has no profile. */
  getBusinessName(storeUserId: string): Promise<string | null>;
}

export interface RegistrationDeps {
  repo: RegistrationRepository;
  /** Public registration rate limit. */
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  tokens: TokenGenerator;
}
