import type { RunsDeps } from '../runs/ports';
import type { StrategiesRepository } from '../strategies/ports';

/** What auto mode needs: the due strategies and what a run needs (../runs/ports.ts). */
export interface AutoDeps {
  strategies: Pick<StrategiesRepository, 'listDue' | 'markRan'>;
  runs: RunsDeps['runs'];
  market: RunsDeps['market'];
  clock: RunsDeps['clock'];
  ids: RunsDeps['ids'];
  log?: (message: string, details: Record<string, unknown>) => void;
}
