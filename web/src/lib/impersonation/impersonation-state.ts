import { useSyncExternalStore } from 'react';
import { ApiError, IMPERSONATION_HEADER, type UserProfile } from '@sneakers/shared';

/**
 * The impersonation the tab is in (docs/product/administration.md#impersonation), kept in sessionStorage so a reload keeps
 * it and another tab does not share it. App-wide: the session (lib/session) reads it to name
 * the target, feature access to stop telemetry, and the API client to send the header; the
 * admin feature starts and ends it.
 */

export const IMPERSONATION_STORAGE_KEY = 'sneakers.impersonation';

export interface ImpersonationTarget {
  userId: string;
  businessName: string;
  email: string;
}

export type ImpersonationState =
  | {
      status: 'active';
      token: string;
      impersonationId: string;
      target: ImpersonationTarget;
      expiresAt: string;
      /** The superuser's own profile, restored on Stop. */
      originalProfile: UserProfile;
      /** Where Stop goes: the admin screen it started from. */
      returnUrl: string;
    }
  | {
      /** Opened with impersonating=1 but nothing stored (another tab, a copied link): Stop signs out. */
      status: 'orphan';
      targetUserId: string | null;
      impersonationId: string | null;
      returnUrl: string | null;
    };

type Listener = () => void;
const listeners = new Set<Listener>();
const invalidListeners = new Set<(ended: ImpersonationState) => void>();
let cached: { raw: string | null; state: ImpersonationState | null } = { raw: null, state: null };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function parse(raw: string): ImpersonationState | null {
  try {
    const value = JSON.parse(raw) as Partial<ImpersonationState> | null;
    if (value?.status === 'active' && typeof value.token === 'string' && value.originalProfile)
      return value as ImpersonationState;
    if (value?.status === 'orphan') return value as ImpersonationState;
  } catch {
    // A damaged entry is no impersonation.
  }
  return null;
}

/** The stored impersonation, or null. The same object while storage is unchanged (useSyncExternalStore). */
export function getImpersonation(): ImpersonationState | null {
  const raw = storage()?.getItem(IMPERSONATION_STORAGE_KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, state: raw === null ? null : parse(raw) };
  return cached.state;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function setImpersonation(state: ImpersonationState): void {
  storage()?.setItem(IMPERSONATION_STORAGE_KEY, JSON.stringify(state));
  notify();
}

export function clearImpersonation(): void {
  if (storage()?.getItem(IMPERSONATION_STORAGE_KEY) == null) return;
  storage()?.removeItem(IMPERSONATION_STORAGE_KEY);
  notify();
}

const ENDED_KEY = 'sneakers.impersonation.ended';

/** Impersonations this tab ended: Back to their address must not look like a lost one. */
export function endedImpersonations(): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(ENDED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Ends the stored impersonation in this tab, remembered first (its address may still be showing). */
export function endImpersonationHere(state: ImpersonationState | null = getImpersonation()): void {
  if (state?.impersonationId) {
    try {
      storage()?.setItem(
        ENDED_KEY,
        JSON.stringify([...endedImpersonations(), state.impersonationId].slice(-20)),
      );
    } catch {
      // Without storage, Back to the old address shows the lost-impersonation banner: still safe.
    }
  }
  clearImpersonation();
}

export function subscribeImpersonation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useImpersonation(): ImpersonationState | null {
  return useSyncExternalStore(subscribeImpersonation, getImpersonation, getImpersonation);
}

/** The active impersonation of this superuser (a stale entry of someone else acts as none). */
export function activeImpersonationOf(
  state: ImpersonationState | null,
  superuserId: string | null,
): Extract<ImpersonationState, { status: 'active' }> | null {
  return state?.status === 'active' && superuserId !== null && state.originalProfile.userId === superuserId
    ? state
    : null;
}

/** Told when the API says the grant is no longer valid (expired, stopped in another tab). */
export function onImpersonationInvalid(listener: (ended: ImpersonationState) => void): () => void {
  invalidListeners.add(listener);
  return () => invalidListeners.delete(listener);
}

/** Headers every API call carries while impersonating. */
export function impersonationHeaders(): Record<string, string> {
  const state = getImpersonation();
  return state?.status === 'active' ? { [IMPERSONATION_HEADER]: state.token } : {};
}

/**
 * Called with every API failure: a 403 IMPERSONATION_INVALID while impersonating ends the
 * impersonation here (the listeners restore the superuser and tell them).
 */
export function reportApiError(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== 'IMPERSONATION_INVALID') return;
  const state = getImpersonation();
  if (state?.status !== 'active') return;
  endImpersonationHere(state);
  for (const listener of [...invalidListeners]) listener(state);
}
