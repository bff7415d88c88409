import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, Unlock } from 'lucide-react';
import { cn } from '../../../lib/utils';
import type { StepProps } from './use-onboarding-wizard';

function ShareToggle({
  testId,
  label,
  body,
  checked,
  onChange,
}: {
  testId: string;
  label: string;
  body: ReactNode;
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <div>
        <p className="font-medium">{label}</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{body}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        data-testid={testId}
        onClick={() => onChange(!checked)}
        className={cn(
          'inline-flex h-9 min-w-28 items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-orange-500',
          checked
            ? 'border-green-600 bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200'
            : 'border-neutral-300 text-neutral-700 dark:border-neutral-700 dark:text-neutral-300',
        )}
      >
        {checked ? (
          <Unlock aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Lock aria-hidden="true" className="h-4 w-4" />
        )}
        {t(checked ? 'onboarding.privacy.public' : 'onboarding.privacy.private')}
      </button>
    </div>
  );
}

/** Which lists are public, and the notifications every account gets. */
export function PrivacyStep({ form, update }: StepProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('onboarding.privacy.intro')}</p>
      <ShareToggle
        testId="onboarding-share-wtb"
        label={t('onboarding.privacy.wtb')}
        body={t('onboarding.privacy.wtbBody')}
        checked={form.shareWTB}
        onChange={(shareWTB) => update({ shareWTB })}
      />
      <ShareToggle
        testId="onboarding-share-wts"
        label={t('onboarding.privacy.wts')}
        body={t('onboarding.privacy.wtsBody')}
        checked={form.shareWTS}
        onChange={(shareWTS) => update({ shareWTS })}
      />
      <p
        data-testid="onboarding-notifications"
        className="rounded-md bg-neutral-50 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200"
      >
        {t('onboarding.privacy.notifications')}
      </p>
    </div>
  );
}
