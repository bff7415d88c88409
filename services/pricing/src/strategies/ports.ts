import type { Clock } from '@sneakers/shared/clock';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { PricingConfig, PricingSchedule, PricingSelection } from '@sneakers/shared/contracts/pricing';
import type { PRICING_TARGETS } from '@sneakers/shared/contracts/pricing';

/** A strategy as the use cases see it (absent times as null). */
export interface StrategyRecord {
  ownerUserId: string;
  id: string;
  name: string;
  selection: PricingSelection;
  config: PricingConfig;
  target: (typeof PRICING_TARGETS)[number];
  schedule: PricingSchedule;
  demo: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What the strategies use cases need from storage; ./repository.ts implements it. */
export interface StrategiesRepository {
  list(ownerUserId: string): Promise<StrategyRecord[]>;
  get(ownerUserId: string, id: string): Promise<StrategyRecord | null>;
  /** The idempotency claim (conditional on absence) and the strategy in one transaction. */
  create(record: StrategyRecord, claim: IdempotencyClaim): Promise<'committed' | 'duplicate'>;
  /** Replaces the strategy while its stored version is `expectedVersion`. */
  replace(record: StrategyRecord, expectedVersion: number): Promise<'committed' | 'stale'>;
  /** 'missing' when it was not there. */
  delete(ownerUserId: string, id: string): Promise<'committed' | 'missing'>;
  /** Strategies in auto mode whose nextRunAt is at or before `now`, oldest due first. */
  listDue(now: string, limit: number): Promise<StrategyRecord[]>;
  /** After an auto run: the next run time, while nextRunAt is still `expectedNextRunAt`. */
  markRan(
    key: { ownerUserId: string; id: string },
    expectedNextRunAt: string,
    ranAt: string,
    nextRunAt: string | null,
  ): Promise<'committed' | 'stale'>;
  /** A manual preview's time (lastRunAt), nothing else touched. */
  touchLastRun(key: { ownerUserId: string; id: string }, ranAt: string): Promise<void>;
}

export interface StrategiesDeps {
  strategies: StrategiesRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
