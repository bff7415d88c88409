import { useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '@sneakers/shared';
import { emitAuthEvent, type AuthEvent } from './auth-events';
import { hasPossibleSession } from './possible-session';
import type * as AmplifyApi from './amplify';

/** Who is signed in, as far as Cognito knows (the profile is a query on top of it). */
export type AuthState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string; email: string };

type AmplifyModule = typeof AmplifyApi;

let state: AuthState = { status: 'loading' };
let config: RuntimeConfig | null = null;
let amplify: Promise<AmplifyModule> | null = null;
let initialized: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getAuthState(): AuthState {
  return state;
}

/** Loads aws-amplify (its own chunk) and configures it from /config.json, once. */
export function loadAuthModule(): Promise<AmplifyModule> {
  if (!config) return Promise.reject(new Error('Auth is not initialised'));
  const runtime = config;
  amplify ??= import('./amplify').then((module) => {
    module.configureAmplify(runtime);
    module.listenToHub((event) => void onHubEvent(event));
    return module;
  });
  amplify.catch(() => {
    amplify = null;
  });
  return amplify;
}

async function onHubEvent(event: AuthEvent): Promise<void> {
  if (event === 'SIGNED_OUT') setState({ status: 'signed-out' });
  if (event === 'SIGNED_IN' && state.status !== 'signed-in') await refreshUser();
  emitAuthEvent(event);
}

async function refreshUser(): Promise<AuthState> {
  const module = await loadAuthModule();
  const user = await module.currentUser();
  setState(user ? { status: 'signed-in', ...user } : { status: 'signed-out' });
  return state;
}

/**
 * Starts the session: with no trace of a Cognito session in storage the visitor is signed
 * out at once (no aws-amplify download); otherwise Amplify restores the session.
 */
export function initAuth(runtime: RuntimeConfig): Promise<void> {
  if (initialized && config === runtime) return initialized;
  config = runtime;
  if (!hasPossibleSession(runtime.cognito.userPoolClientId)) {
    setState({ status: 'signed-out' });
    initialized = Promise.resolve();
  } else {
    setState({ status: 'loading' });
    initialized = refreshUser().then(
      () => undefined,
      (error: unknown) => {
        console.error('Could not restore the session', error);
        setState({ status: 'signed-out' });
      },
    );
  }
  void initialized.then(() => emitAuthEvent('INITIAL_SESSION'));
  return initialized;
}

/** The access token for the API client, or undefined when signed out. */
export async function getToken(): Promise<string | undefined> {
  if (initialized) await initialized;
  if (state.status !== 'signed-in') return undefined;
  return (await loadAuthModule()).accessToken();
}

/** Thrown when Cognito needs another step (MFA, confirmation) this app does not offer. */
export class SignInIncompleteError extends Error {
  constructor(readonly nextStep: string) {
    super(`Sign-in needs another step: ${nextStep}`);
    this.name = 'SignInIncompleteError';
  }
}

export async function signIn(email: string, password: string): Promise<AuthState> {
  const module = await loadAuthModule();
  if (!config) throw new Error('Auth is not initialised');
  const result = await module.signInWithPassword(config, email, password);
  if (!result.isSignedIn) throw new SignInIncompleteError(result.nextStep);
  return refreshUser();
}

export async function signUp(input: AmplifyApi.SignUpAttributes): Promise<void> {
  const module = await loadAuthModule();
  await module.signUpWithEmail(input);
}

export async function signOut(): Promise<void> {
  try {
    if (state.status === 'signed-in' || hasPossibleSession()) {
      const module = await loadAuthModule();
      await module.signOutEverywhere();
    }
  } finally {
    setState({ status: 'signed-out' });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

/**
 * Test hook: sets the state and replaces Amplify with a stand-in that never leaves jsdom;
 * `overrides` replace its calls (a sign-up Cognito refuses, say).
 */
export function setAuthStateForTests(
  next: AuthState,
  runtime?: RuntimeConfig,
  overrides: Partial<AmplifyModule> = {},
): void {
  if (runtime) config = runtime;
  initialized = Promise.resolve();
  const fake: Partial<AmplifyModule> = {
    accessToken: () => Promise.resolve(next.status === 'signed-in' ? 'test-token' : undefined),
    currentUser: () =>
      Promise.resolve(next.status === 'signed-in' ? { userId: next.userId, email: next.email } : null),
    signOutEverywhere: () => Promise.resolve(),
    ...overrides,
  };
  amplify = Promise.resolve(fake as AmplifyModule);
  setState(next);
}
