import type { Schedule } from '@sneakers/shared/runtime/function';
import { unreadDeps } from './deps';
import { sweepMessageEmails } from './domain';

/**
 * The message email sweep: every minute, the unread counters whose email is due
 * (MESSAGE_EMAIL_DELAY_MINUTES after the first unread message of a burst) get their one
 * Messages.Unread event. A minute's granularity puts the email 10-11 minutes after it.
 */
export const unreadSchedules: Schedule[] = [
  {
    id: 'message-email-sweep',
    expression: 'rate(1 minute)',
    async handle() {
      await sweepMessageEmails(unreadDeps());
    },
  },
];
