import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { CenteredSpinner } from '../components/ui/spinner';
import { hasPossibleSession } from '../lib/session/possible-session';
import { isDemoMode } from '../lib/demo/demo-mode';
import { loadStrings } from '../i18n';
import { loadRuntimeConfig, parseRuntimeConfig } from '../lib/runtime-config';
import { ConfigGate } from './config-gate';
import {
  EarlyResponses,
  shareTargetOf,
  startSharePrefetch,
  takeShareEarlyHint,
  type ShareEarlyHint,
  type ShareTarget,
} from './share-prefetch';
import { ShareShell } from './share-shell';

const Boot = lazy(() =>
  import('./boot').then(async (m) => {
    await loadStrings(...m.BOOT_STRINGS);
    return { default: m.Boot };
  }),
);

/** A shared list opened by a visitor gets the share shell; a (possibly) signed-in user the app. */
export function shareFirst(): ShareTarget | null {
  if (isDemoMode() || hasPossibleSession()) return null;
  return shareTargetOf(window.location.pathname);
}

/**
 * /config.json, then at once the list's first page. share-early.js has usually started both
 * while the modules downloaded; otherwise they start here, before React renders.
 */
export function startShareLoad(
  target: ShareTarget | null,
  early: EarlyResponses,
  hint: ShareEarlyHint | undefined = takeShareEarlyHint(),
): Promise<RuntimeConfig> {
  if (hint) {
    if (target)
      void hint.page.then(
        ({ url, response }) => early.adopt(url, response),
        () => undefined,
      );
    // A failed early config read is retried the normal way.
    return hint.config.then(parseRuntimeConfig).catch(() => startShareLoad(target, early, undefined));
  }
  const config = loadRuntimeConfig();
  if (target)
    void config.then(
      (c) => startSharePrefetch(early, c.apiBaseUrl, target),
      () => undefined,
    );
  return config;
}

/**
 * The full app fetches the list itself: a first page share-early.js started anyway (a session
 * it could not see) is cancelled rather than left unread and pending.
 */
export function dropShareEarlyHint(hint: ShareEarlyHint | undefined): void {
  void hint?.page
    .then(({ response }) => response)
    .then((response) => response.body?.cancel())
    .catch(() => undefined);
}

// Started while the module evaluates; a retry after a failed config load starts afresh.
const pageTarget = shareFirst();
if (!pageTarget) dropShareEarlyHint(takeShareEarlyHint());
const pageEarly = new EarlyResponses();
let firstLoad: Promise<RuntimeConfig> | undefined = pageTarget
  ? startShareLoad(pageTarget, pageEarly)
  : undefined;
function loadShareConfig(): Promise<RuntimeConfig> {
  const load = firstLoad ?? startShareLoad(pageTarget, pageEarly, undefined);
  firstLoad = undefined;
  return load;
}

export interface ShareBootProps {
  target?: ShareTarget | null;
  early?: EarlyResponses;
  loadConfig?: () => Promise<RuntimeConfig>;
}

/**
 * The entry of share.html, which `/share/{userId}/{listType}` serves: the public list with
 * the anonymous offer flow, its code preloaded by the HTML itself. Leaving the list (or
 * arriving signed in) loads the full app.
 */
export function ShareBoot({
  target = pageTarget,
  early = pageEarly,
  loadConfig = loadShareConfig,
}: ShareBootProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(target);
  const enterApp = useCallback((path: string) => {
    if (path !== window.location.pathname) window.history.pushState(null, '', path);
    setShown(null);
  }, []);
  if (!shown)
    return (
      <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-svh" />}>
        <Boot />
      </Suspense>
    );
  return (
    <ConfigGate loadConfig={loadConfig}>
      {(config) => <ShareShell config={config} target={shown} early={early} onEnterApp={enterApp} />}
    </ConfigGate>
  );
}
