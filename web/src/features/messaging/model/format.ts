import { relativeTime as relativeTimeIn } from '../../../lib/relative-time';
import { dayKey } from './thread';

/** "5 min ago", "yesterday"... in the UI language; under a minute "now". */
export function relativeTime(iso: string, now: Date, locale: string): string {
  return relativeTimeIn(iso, now, locale, 'short');
}

/** A message's time of day, e.g. 14:05. */
export function timeOfDay(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/** A day separator's text: today, yesterday, or the date. */
export function dayLabel(
  iso: string,
  now: Date,
  locale: string,
  words: { today: string; yesterday: string },
): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return words.yesterday;
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A date for rating lists, e.g. 3 Feb 2026. */
export function shortDate(iso: string, locale: string): string {
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
