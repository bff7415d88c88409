import type { OfferStatus } from '../contracts/offers';

/** Pure offer rules: who may do what in which state, and the expiry derivation. */
export type OfferAction = 'accept' | 'decline' | 'withdraw' | 'counter';
/**
 * `anonymousReceiver`: the store answering an anonymous offer. The sender has no account, so
 * after a counter the store records the sender's answer (given by email or phone) itself.
 */
export type OfferRole = 'receiver' | 'sender' | 'anonymousReceiver';

/** The stored statuses (expired is only ever derived). */
export type StoredStatus = Exclude<OfferStatus, 'expired'>;

/**
 * role → current status → action → next status. Anything missing is INVALID_TRANSITION.
 * The receiver (list owner) answers a pending offer; the sender answers a counter and
 * may withdraw while the offer is open.
 */
export const TRANSITIONS: Record<
  OfferRole,
  Partial<Record<StoredStatus, Partial<Record<OfferAction, StoredStatus>>>>
> = {
  receiver: {
    pending: { accept: 'accepted', decline: 'declined', counter: 'countered' },
  },
  sender: {
    pending: { withdraw: 'withdrawn' },
    countered: { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' },
  },
  anonymousReceiver: {
    pending: { accept: 'accepted', decline: 'declined', counter: 'countered' },
    countered: { accept: 'accepted', decline: 'declined' },
  },
};

export function nextStatus(role: OfferRole, current: StoredStatus, action: OfferAction): StoredStatus | null {
  return TRANSITIONS[role][current]?.[action] ?? null;
}

export const OPEN_STATUSES: readonly StoredStatus[] = ['pending', 'countered'];

/** A pending or countered offer at or past its expiry reads as expired. */
export function deriveStatus(status: StoredStatus, expiresAt: string, now: Date): OfferStatus {
  if (OPEN_STATUSES.includes(status) && Date.parse(expiresAt) <= now.getTime()) return 'expired';
  return status;
}

/** The actions `role` may take on an offer now (none once it expired): what the SPA offers as buttons. */
export function availableActions(role: OfferRole, status: OfferStatus): OfferAction[] {
  if (status === 'expired') return [];
  const actions = TRANSITIONS[role][status] ?? {};
  return (Object.keys(actions) as OfferAction[]).filter((action) => actions[action] !== undefined);
}
