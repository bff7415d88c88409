import type { Schedule } from '@sneakers/shared/runtime/function';
import { digestDeps } from './deps';
import { sendDealDigests } from './domain';

/**
 * The daily deals digest run. DEALS_DIGEST_SCHEDULE (read when CDK synthesises, and by the
 * local runner, which runs rate(...) expressions only) overrides the rate: e.g.
 * `DEALS_DIGEST_SCHEDULE='rate(2 minutes)' npm start` to watch digests reach the mail viewer.
 * Sending twice a day is impossible whatever the rate (`lastDigestAt`, ./domain.ts).
 */
export const digestSchedules: Schedule[] = [
  {
    id: 'deals-digest',
    expression: process.env.DEALS_DIGEST_SCHEDULE ?? 'rate(1 day)',
    async handle() {
      await sendDealDigests(digestDeps());
    },
  },
];
