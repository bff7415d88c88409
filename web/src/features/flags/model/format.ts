import type { DecisionStep } from '@sneakers/shared/rules/feature-access';

/** A `datetime-local` value (the browser's local time, no zone) as an ISO instant; null if not a date. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function isExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}

export function formatDateTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' });
}

/**
 * The sentence that explains a decision's step (flags.check.steps.*). The rollout step has
 * three: the user's bucket when one was compared, or the flag at 100% / 0%.
 */
export function stepSentence(decision: { allowed: boolean; step: DecisionStep; bucket?: number }): {
  key: string;
  values?: { bucket: number };
} {
  if (decision.step !== 'rollout') return { key: `flags.check.steps.${decision.step}` };
  if (decision.bucket !== undefined)
    return { key: 'flags.check.steps.rollout', values: { bucket: decision.bucket } };
  return { key: decision.allowed ? 'flags.check.steps.rolloutAll' : 'flags.check.steps.rolloutNone' };
}

/** A user as the screens name them: business name, then email, then id. */
export function userLabel(user: { userId: string; businessName: string | null; email: string | null }) {
  const name = user.businessName?.trim();
  if (name && user.email) return `${name} (${user.email})`;
  return name || user.email || user.userId;
}
