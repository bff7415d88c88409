import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { DealHide, DealSettings } from '@sneakers/shared/contracts/deals';
import { BadRequestError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import type { Preferences, PreferencesDeps } from './ports';

/**
 * The deals preferences use cases (docs/product/deals.md#settings, #hiding-deals): pure, their
 * storage, clock and ids injected (./ports.ts). Every row belongs to the verified caller
 * (`actor.userId`); a hide id names a hide only inside the caller's own row, so another
 * user's id is simply not there (404).
 */

/** What a user has before changing anything (docs/product/deals.md#settings). */
export const DEFAULT_DEAL_SETTINGS: DealSettings = {
  dailyDigest: true,
  resaleFeeBasisPoints: 0,
  shippingCents: 0,
};

/** The most hides one user keeps: the row stays far below DynamoDB's item size. */
export const DEAL_HIDES_MAX = 500;
export const DEAL_HIDES_FULL_MESSAGE = `You can hide at most ${DEAL_HIDES_MAX} deals and partners. Unhide some first.`;

/** How many times a write re-reads after losing a race with another tab before answering 409 BUSY. */
const SAVE_ATTEMPTS = 5;

export function defaultPreferences(userId: string): Preferences {
  return { userId, ...DEFAULT_DEAL_SETTINGS, hides: [], lastDigestAt: null, version: 0, updatedAt: null };
}

export function settingsOf(p: Preferences): DealSettings {
  return {
    dailyDigest: p.dailyDigest,
    resaleFeeBasisPoints: p.resaleFeeBasisPoints,
    shippingCents: p.shippingCents,
  };
}

async function load(deps: Pick<PreferencesDeps, 'repo'>, userId: string): Promise<Preferences> {
  return (await deps.repo.get(userId)) ?? defaultPreferences(userId);
}

/**
 * Read, change, write conditionally on the version read; on a lost race read again, so a
 * change made meanwhile in another tab is kept. `change` returns the next preferences and
 * what to answer, or null for "nothing to write".
 */
async function change<T>(
  deps: PreferencesDeps,
  userId: string,
  apply: (current: Preferences) => { next: Preferences | null; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const current = await load(deps, userId);
    const { next, result } = apply(current);
    if (!next) return result;
    const outcome = await deps.repo.save({
      ...next,
      version: current.version + 1,
      updatedAt: deps.clock.now().toISOString(),
    });
    if (outcome === 'committed') return result;
  }
  throw new ConflictError('Your deals settings are being changed elsewhere. Please try again.', 'BUSY');
}

export async function getDealSettings(
  deps: Pick<PreferencesDeps, 'repo'>,
  actor: Actor,
): Promise<DealSettings> {
  const user = requireUser(actor);
  return settingsOf(await load(deps, user.userId));
}

export async function updateDealSettings(
  deps: PreferencesDeps,
  actor: Actor,
  patch: Partial<DealSettings>,
): Promise<DealSettings> {
  const user = requireWriter(actor);
  return change(deps, user.userId, (current) => {
    const next = {
      ...current,
      ...(patch.dailyDigest === undefined ? {} : { dailyDigest: patch.dailyDigest }),
      ...(patch.resaleFeeBasisPoints === undefined
        ? {}
        : { resaleFeeBasisPoints: patch.resaleFeeBasisPoints }),
      ...(patch.shippingCents === undefined ? {} : { shippingCents: patch.shippingCents }),
    };
    const settings = settingsOf(next);
    const unchanged = JSON.stringify(settings) === JSON.stringify(settingsOf(current)) && current.version > 0;
    return { next: unchanged ? null : next, result: settings };
  });
}

export async function listHiddenDeals(
  deps: Pick<PreferencesDeps, 'repo'>,
  actor: Actor,
): Promise<DealHide[]> {
  const user = requireUser(actor);
  return (await load(deps, user.userId)).hides;
}

/**
 * Hides one deal or every deal of one partner. Hiding what is hidden already answers the
 * existing hide (a retry or a second tab changes nothing). The label is what the hidden list
 * shows: the partner's business name; for a deal, its id (the board shows the deal itself,
 * so the list only needs to tell the hides apart).
 */
export async function hideDeal(
  deps: PreferencesDeps,
  actor: Actor,
  input: { kind: DealHide['kind']; targetId: string; label?: string | undefined },
): Promise<{ hide: DealHide; created: boolean }> {
  const user = requireWriter(actor);
  let label = input.label?.trim() || input.targetId;
  if (input.kind === 'partner') {
    if (input.targetId === user.userId)
      throw new BadRequestError('VALIDATION_FAILED', 'You cannot hide yourself.');
    const name = await deps.partners.businessNameOf(input.targetId);
    if (name === null) throw new NotFoundError('Partner not found.');
    label = name;
  }
  return change<{ hide: DealHide; created: boolean }>(deps, user.userId, (current) => {
    const existing = current.hides.find((h) => h.kind === input.kind && h.targetId === input.targetId);
    if (existing) return { next: null, result: { hide: existing, created: false } };
    if (current.hides.length >= DEAL_HIDES_MAX)
      throw new ConflictError(DEAL_HIDES_FULL_MESSAGE, 'HIDES_FULL');
    const hide: DealHide = {
      id: deps.ids.next(),
      kind: input.kind,
      targetId: input.targetId,
      label,
      createdAt: deps.clock.now().toISOString(),
    };
    return { next: { ...current, hides: [hide, ...current.hides] }, result: { hide, created: true } };
  });
}

/** Unhides one of the caller's hides; an id that is not theirs (or gone) is 404. */
export async function unhideDeal(deps: PreferencesDeps, actor: Actor, hideId: string): Promise<boolean> {
  const user = requireWriter(actor);
  return change(deps, user.userId, (current) => {
    if (!current.hides.some((h) => h.id === hideId)) throw new NotFoundError('Hidden deal not found.');
    return { next: { ...current, hides: current.hides.filter((h) => h.id !== hideId) }, result: true };
  });
}
