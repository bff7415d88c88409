import type { Clock } from '@sneakers/shared/clock';
import type { DealHide, DealSettings } from '@sneakers/shared/contracts/deals';
import type { IdGenerator } from '@sneakers/shared/ids';

/**
 * A user's deals preferences as the use cases see them: the settings, the hides (newest
 * first), when the last digest went out, and the row's version (0 while no row exists).
 */
export interface Preferences extends DealSettings {
  userId: string;
  hides: DealHide[];
  lastDigestAt: string | null;
  version: number;
  updatedAt: string | null;
}

/** What a hide's label is read from: the partner's business name (null: no such user). */
export interface PartnerLookup {
  businessNameOf(userId: string): Promise<string | null>;
}

/** What the preferences use cases need from storage; ./repository.ts implements it. */
export interface PreferencesRepository {
  /** The stored preferences (consistent read), null while the user never changed any. */
  get(userId: string): Promise<Preferences | null>;
  /**
   * Writes `next` when the stored version is still `next.version - 1` (absent for 0):
   * 'stale' when another write came first, so the caller reads again and retries.
   */
  save(next: Preferences): Promise<'committed' | 'stale'>;
}

export interface PreferencesDeps {
  repo: PreferencesRepository;
  partners: PartnerLookup;
  clock: Clock;
  ids: IdGenerator;
}
