/**
 * The offer modal's steps as browser history entries (docs/product/offers.md#back-and-leaving):
 * opening the modal and each step forward push an entry on the list's own URL, so the
 * browser's Back steps back inside the modal and, from the first step, closes it (the draft
 * kept) instead of leaving the list. Works with and without the router: an entry keeps the
 * state already there (React Router's own keys) and adds one field, so the router still
 * reads the same location.
 */
const FIELD = 'sneakersOfferStep';

export interface OfferEntry {
  session: string;
  step: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The offer step an entry's state records, if any. */
export function offerEntryOf(state: unknown): OfferEntry | null {
  if (!isRecord(state) || !Object.prototype.hasOwnProperty.call(state, FIELD)) return null;
  const entry: unknown = state[FIELD];
  if (!isRecord(entry) || typeof entry.session !== 'string' || typeof entry.step !== 'number') return null;
  return { session: entry.session, step: entry.step };
}

/** `state` with the offer step set: the router's fields are kept as they are. */
export function withOfferEntry(state: unknown, entry: OfferEntry): Record<string, unknown> {
  return { ...(isRecord(state) ? state : {}), [FIELD]: entry };
}

/** Pushes the entries of `session` from step `from` to step `to` (both included). */
export function pushOfferSteps(session: string, from: number, to: number): void {
  for (let step = from; step <= to; step++)
    window.history.pushState(withOfferEntry(window.history.state, { session, step }), '');
}

/** The current entry's step, when it belongs to `session`. */
export function currentOfferStep(session: string): number | null {
  const entry = offerEntryOf(window.history.state);
  return entry && entry.session === session ? entry.step : null;
}

/**
 * Leaves the modal's entries: back to the entry the list had before it opened. The entries
 * left ahead are the browser's Forward, which reopens nothing once the draft is cleared.
 */
export function leaveOfferSteps(session: string): void {
  const step = currentOfferStep(session);
  if (step !== null) window.history.go(-(step + 1));
}
