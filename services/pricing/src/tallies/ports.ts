import type { Clock } from '@sneakers/shared/clock';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { TallyItem } from './tally-entity';

export type TallyRecord = RecordOf<TallyItem>;

/** What the tallies use cases need from storage; ./repository.ts implements it. */
export interface TalliesRepository {
  getTally(ownerUserId: string): Promise<TallyRecord | null>;
  /**
   * One transaction: the event marked counted (conditional on absence) and the owner's count
   * up by one. 'duplicate' when the event was counted before.
   */
  countThing(ownerUserId: string, eventId: string, at: string): Promise<'committed' | 'duplicate'>;
}

export interface TalliesDeps {
  repo: TalliesRepository;
  clock: Clock;
}
