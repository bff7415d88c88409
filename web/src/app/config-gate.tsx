import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@sneakers/shared';
import { buttonClass } from '../components/ui/button-styles';
import { CenteredSpinner } from '../components/ui/spinner';

type ConfigState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: RuntimeConfig };

export interface ConfigGateProps {
  /** Called again on each retry. */
  loadConfig: () => Promise<RuntimeConfig>;
  children: (config: RuntimeConfig) => ReactNode;
}

/** Loads /config.json with a spinner, and a retry when it fails; then renders `children`. */
export function ConfigGate({ loadConfig, children }: ConfigGateProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<ConfigState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadConfig().then(
      (config) => {
        if (!cancelled) setState({ status: 'ready', config });
      },
      (error: unknown) => {
        console.error('Could not load /config.json', error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadConfig, attempt]);

  if (state.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (state.status === 'failed') {
    return (
      <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-semibold">{t('errors.generic')}</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('errors.config')}</p>
        <button
          type="button"
          className={buttonClass()}
          onClick={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  return children(state.config);
}
