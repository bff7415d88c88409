/**
 * One Idempotency-Key per opening of a create form: a retried submit creates one record
 * (the server replays the first result for the same key and request).
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
