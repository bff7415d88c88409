import type { Clock } from '@sneakers/shared/clock';
import type { FeatureAccessLoader } from '@sneakers/shared/feature-access/loader';
import type { FlagConfigRepository } from '../flags/ports';
import type { ProfileDirectory, UserAccessRepository } from '../user-access/ports';

export interface DecisionsDeps {
  /** The shared loader (flags.me answers exactly what enforcement reads). */
  access: Pick<FeatureAccessLoader, 'config' | 'forUser'>;
  /** The "check a user" tool reads the documents and the target's profile itself. */
  config: FlagConfigRepository;
  userAccess: UserAccessRepository;
  profiles: ProfileDirectory;
  clock: Clock;
}
