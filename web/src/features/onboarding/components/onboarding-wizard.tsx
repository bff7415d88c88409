import { useTranslation } from 'react-i18next';
import { ArrowLeft, Check } from 'lucide-react';
import { TRIAL_DAYS } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/form';
import { cn } from '../../../lib/utils';
import { ONBOARDING_STEPS, type OnboardingForm } from '../model/form';
import { AccountStep } from './account-step';
import { PrivacyStep } from './privacy-step';
import { ProfileStep } from './profile-step';
import { useOnboardingWizard, type AccountOutcome } from './use-onboarding-wizard';

export type { AccountOutcome };

export interface OnboardingWizardProps {
  initialForm: OnboardingForm;
  /** A signed-in user without a profile finishes from the profile step. */
  skipAccount?: boolean;
  /**
   * Creates the account when the account step is left, so an email that already has an
   * account is told there, not after the last step.
   */
  onCreateAccount: (form: OnboardingForm) => Promise<AccountOutcome>;
  onComplete: (form: OnboardingForm) => Promise<void>;
  /** Back on the first step and Back to Sign In: /auth. */
  onExit: () => void;
}

/** The three-step sign-up wizard: account, profile, privacy (docs/product/accounts.md#onboarding-wizard). */
export function OnboardingWizard({ skipAccount = false, ...props }: OnboardingWizardProps) {
  const { t } = useTranslation();
  const { step, stepIndex, form, update, busy, accountErrors, accountCreated, onContinue, onBack, onFinish } =
    useOnboardingWizard({ ...props, skipAccount });
  const { onExit } = props;

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t('onboarding.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t('onboarding.subtitle')}</p>
      </div>
      <ol aria-label={t('onboarding.progress')} className="flex items-center justify-center gap-2">
        {ONBOARDING_STEPS.map((id, index) => {
          const done = index < stepIndex;
          const current = index === stepIndex;
          return (
            <li key={id} className="flex items-center gap-2">
              <span
                data-testid={`onboarding-step-${index + 1}`}
                data-state={current ? 'current' : done ? 'done' : 'upcoming'}
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'grid h-8 w-8 place-items-center rounded-full text-sm font-semibold',
                  current && 'bg-orange-600 text-white',
                  done && 'bg-green-600 text-white',
                  !current &&
                    !done &&
                    'bg-neutral-200 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300',
                )}
              >
                {done ? <Check aria-hidden="true" className="h-4 w-4" /> : index + 1}
                <span className="sr-only">{t(`onboarding.steps.${id}`)}</span>
              </span>
              <span
                className={cn(
                  'hidden text-sm sm:inline',
                  current ? 'font-semibold' : 'text-neutral-600 dark:text-neutral-400',
                )}
                aria-hidden="true"
              >
                {t(`onboarding.steps.${id}`)}
              </span>
              {index < ONBOARDING_STEPS.length - 1 ? (
                <span aria-hidden="true" className="h-px w-6 bg-neutral-300 dark:bg-neutral-700" />
              ) : null}
            </li>
          );
        })}
      </ol>

      <Card className="flex flex-col gap-6">
        <h2 className="text-lg font-semibold">{t(`onboarding.stepTitles.${step}`)}</h2>
        {step === 'account' ? (
          <AccountStep form={form} update={update} errors={accountErrors} created={accountCreated} />
        ) : null}
        {step === 'profile' ? <ProfileStep form={form} update={update} /> : null}
        {step === 'privacy' ? <PrivacyStep form={form} update={update} /> : null}

        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="outline" data-testid="onboarding-back" onClick={onBack} disabled={busy}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('onboarding.back')}
          </Button>
          {step === 'privacy' ? (
            <Button data-testid="onboarding-complete" onClick={() => void onFinish()} disabled={busy}>
              {t(busy ? 'onboarding.creating' : 'onboarding.complete')}
            </Button>
          ) : (
            <Button data-testid="onboarding-continue" onClick={onContinue} disabled={busy}>
              {t(busy ? 'onboarding.creatingAccount' : 'onboarding.continue')}
            </Button>
          )}
        </div>
      </Card>

      <div className="flex flex-col items-center gap-3 text-center">
        <Button variant="ghost" data-testid="onboarding-signin" onClick={onExit} disabled={busy}>
          {t('onboarding.backToSignIn')}
        </Button>
        <p data-testid="onboarding-legal" className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('onboarding.legal', { days: TRIAL_DAYS })}
        </p>
      </div>
    </div>
  );
}
