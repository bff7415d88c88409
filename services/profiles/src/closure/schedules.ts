import type { Schedule } from '@sneakers/shared/runtime/function';
import { closureDeps } from './deps';
import { sweepClosures } from './domain';

/** The account deletion sweep: hourly, closures past their grace (the id names the rule). */
export const CLOSURE_SWEEP_SCHEDULE = 'account-deletion-sweep';

export const closureSchedules: Schedule[] = [
  {
    id: CLOSURE_SWEEP_SCHEDULE,
    expression: 'rate(1 hour)',
    handle: async () => {
      await sweepClosures(closureDeps());
    },
  },
];
