import { MESSAGE_EMAIL_DELAY_MINUTES } from '@sneakers/shared/contracts/messaging';

/** Pure unread rules: when a burst of unread messages is emailed. */

export const MESSAGE_EMAIL_DELAY_MS = MESSAGE_EMAIL_DELAY_MINUTES * 60_000;

/** When an unread message starting a burst is emailed, unless read first. */
export function emailDueAt(now: Date): string {
  return new Date(now.getTime() + MESSAGE_EMAIL_DELAY_MS).toISOString();
}
