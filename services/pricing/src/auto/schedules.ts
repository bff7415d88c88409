import type { Schedule } from '@sneakers/shared/runtime/function';
import { autoDeps } from './deps';
import { runDueStrategies } from './domain';

/**
 * Auto mode's one schedule: every 15 minutes it runs the strategies that are due (hourly or
 * daily each, `nextRunAt`), so a strategy runs at most 15 minutes after its time without a
 * rule per strategy. PRICING_AUTO_SCHEDULE (read when CDK synthesises, and by the local
 * runner, which runs rate(...) expressions only) overrides the rate.
 */
export const autoSchedules: Schedule[] = [
  {
    id: 'pricing-auto',
    expression: process.env.PRICING_AUTO_SCHEDULE ?? 'rate(15 minutes)',
    async handle() {
      await runDueStrategies(autoDeps());
    },
  },
];
