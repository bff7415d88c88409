import type { RuntimeConfig } from '@sneakers/shared';

/** The switch a developer sets in the browser console: `localStorage['sneakers.featureBypass'] = 'on'`. */
export const LOCAL_BYPASS_STORAGE_KEY = 'sneakers.featureBypass';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface BypassEnvironment {
  /** `import.meta.env.DEV`: true only in the Vite development server. */
  devBuild: boolean;
  stage: RuntimeConfig['stage'];
  hostname: string;
  storage: Pick<Storage, 'getItem'> | null;
}

/**
 * The decision's first step (docs/product/feature-flags-and-access.md#local-bypass): only in
 * the local cloud or a development build, only on this machine, and only with the switch on.
 * A deployed build answers stage 'aws' and never bypasses, whatever is in local storage; the
 * server never bypasses at all.
 */
export function localBypassActive(env: BypassEnvironment): boolean {
  if (!env.devBuild && env.stage !== 'local') return false;
  if (!LOCAL_HOSTS.has(env.hostname)) return false;
  try {
    return env.storage?.getItem(LOCAL_BYPASS_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function browserBypassEnvironment(stage: RuntimeConfig['stage']): BypassEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return { devBuild: import.meta.env.DEV, stage, hostname: window.location.hostname, storage };
}
