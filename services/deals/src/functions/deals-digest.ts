import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { digestConsumers } from '../digest/consumers';
import { digestSchedules } from '../digest/schedules';

/**
 * deals-digest: the daily email digest's two halves, apart from the API and the matcher so
 * a day's run never competes with them: recording each Deals.Matched as pending work, and the
 * daily schedule that turns it into one Deals.DigestDue per user (notifications mails it).
 */
export const dealsDigestFunction = defineFunction({
  name: 'deals-digest',
  routes: [],
  consumers: digestConsumers,
  schedules: digestSchedules,
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(dealsDigestFunction);
