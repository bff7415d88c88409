import type { Clock } from '@sneakers/shared/clock';
import type { FlagConfigRepository } from '../flags/ports';

export interface UsageRepository {
  /** Feature name → last evaluation (one partition). */
  all(): Promise<Map<string, string>>;
  /** Sets lastEvaluatedAt = `at` unless it is already on or after `dayStart`; true when stored. */
  markSeen(feature: string, at: string, dayStart: string): Promise<boolean>;
}

export interface UsageDeps {
  usage: UsageRepository;
  /** Only names that are flags are recorded; the report reads the flags. */
  config: FlagConfigRepository;
  clock: Clock;
}
