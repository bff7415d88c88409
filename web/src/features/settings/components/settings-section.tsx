import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { activeImpersonationOf, useImpersonation } from '../../../lib/impersonation/impersonation-state';
import { useAuthState } from '../../../lib/session/auth-store';
import { useSession } from '../../../lib/session/use-session';
import { THEMES, useTheme } from '../../../lib/theme';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { ApiKeysPanel, WebhooksPanel } from '../../../lib/widget-slots/settings-panels';
import { AccountPanel } from './account-panel';

export function SettingsSection() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const themeName = useId();
  const session = useSession();
  const auth = useAuthState();
  const impersonating =
    activeImpersonationOf(useImpersonation(), auth.status === 'signed-in' ? auth.userId : null) !== null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{t('sections.settings')}</h1>
      <section
        aria-labelledby="preferences-title"
        className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <h2 id="preferences-title" className="text-lg font-semibold">
          {t('settingsPage.preferences')}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <span className="w-32 text-sm font-medium">{t('language.label')}</span>
          <LanguageSwitcher testId="settings-language" />
        </div>
        <fieldset className="flex flex-wrap items-center gap-3">
          {/* Beside its choices from sm up, above them on a phone. */}
          <legend className="mb-1 w-full text-sm font-medium sm:float-left sm:mr-3 sm:mb-0 sm:w-32">
            {t('theme.label')}
          </legend>
          {THEMES.map((option) => (
            <label key={option} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={themeName}
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
                className="h-4 w-4 accent-orange-600"
              />
              {t(`theme.names.${option}`)}
            </label>
          ))}
        </fieldset>
      </section>
      {session.status === 'signed-in' && (
        <section
          aria-labelledby="account-title"
          data-testid="settings-account"
          className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 id="account-title" className="text-lg font-semibold">
            {t('settingsPage.account')}
          </h2>
          <AccountPanel profile={session.profile} email={session.email} impersonating={impersonating} />
        </section>
      )}
      {session.status === 'signed-in' && session.profile?.role === 'store' && (
        // Keys open a store's own data: a consignor has no store API (docs/product/store-api.md#api-keys).
        <section
          id="api-keys"
          aria-labelledby="api-keys-title"
          data-testid="settings-api-keys"
          className="flex scroll-mt-4 flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 id="api-keys-title" className="text-lg font-semibold">
            {t('settingsPage.apiKeys')}
          </h2>
          <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-24" />}>
            <ApiKeysPanel />
          </Suspense>
        </section>
      )}
      {session.status === 'signed-in' && session.profile?.role === 'store' && (
        <section
          id="webhooks"
          aria-labelledby="webhooks-title"
          data-testid="settings-webhooks"
          className="flex scroll-mt-4 flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 id="webhooks-title" className="text-lg font-semibold">
            {t('settingsPage.webhooks')}
          </h2>
          <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-24" />}>
            <WebhooksPanel />
          </Suspense>
        </section>
      )}
    </div>
  );
}
