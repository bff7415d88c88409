import { useSyncExternalStore } from 'react';
import { DEMO } from '@sneakers/shared/demo';
import { storage } from '../storage';
import { pageLocation } from '../page-location';

export const DEMO_STORAGE_KEY = 'demo_mode';
/**
 * Where demo-session.ts keeps the demo token. Named here so leaving demo mode can drop it
 * without importing the session code (and the API client) into the landing entry.
 */
export const DEMO_SESSION_STORAGE_KEY = 'demo_session';

/** The profile shown in demo mode: a store with sample data (ids starting demo- are demo users). */
export const DEMO_PROFILE = {
  id: DEMO.userId,
  businessName: DEMO.businessName,
  role: DEMO.role,
  isSuperuser: false,
  avatarUrl: null,
} as const;

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function isDemoMode(): boolean {
  return storage.get(DEMO_STORAGE_KEY) === 'true';
}

export function enterDemoMode(): void {
  storage.set(DEMO_STORAGE_KEY, 'true');
  notify();
}

/**
 * Exit demo from inside the dashboard: a fresh load of `/` drops every cached piece of
 * demo data, and no mounted screen ever renders signed out (which would redirect to /auth).
 */
export function leaveDemoMode(): void {
  storage.remove(DEMO_STORAGE_KEY);
  storage.remove(DEMO_SESSION_STORAGE_KEY);
  pageLocation.replace('/');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === DEMO_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether demo mode is on; follows changes in this tab and others. */
export function useDemoMode(): boolean {
  return useSyncExternalStore(subscribe, isDemoMode, () => false);
}
