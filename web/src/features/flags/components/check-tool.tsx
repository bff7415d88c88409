import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, XCircle } from 'lucide-react';
import { ApiError } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/form';
import { useCheckAccess } from '../api/queries';
import { stepSentence, userLabel } from '../model/format';
import { FeatureSelect } from './feature-select';
import { UserSearch, type PickedUser } from './user-search';

/** "Check a user": the decision for one user and feature, and the step of the order that decided. */
export function CheckTool() {
  const { t } = useTranslation();
  const ids = useId();
  const check = useCheckAccess();
  const [user, setUser] = useState<PickedUser | null>(null);
  const [feature, setFeature] = useState('');
  const [errors, setErrors] = useState<{ user?: string; feature?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(user ? {} : { user: t('flags.overrides.userRequired') }),
      ...(feature ? {} : { feature: t('flags.overrides.featureRequired') }),
    };
    setErrors(found);
    if (!user || !feature) return;
    check.mutate(
      { userId: user.userId, feature },
      {
        onError: (error) =>
          toast.error(t('flags.toast.checkError'), {
            description: error instanceof ApiError ? error.message : undefined,
          }),
      },
    );
  };

  const result = check.data;
  const sentence = result ? stepSentence(result.decision) : null;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('flags.check.intro')}</p>
      <form
        onSubmit={submit}
        noValidate
        data-testid="check-form"
        className="grid min-w-0 gap-3 sm:grid-cols-2"
      >
        <UserSearch
          value={user}
          onChange={(picked) => {
            setUser(picked);
            check.reset();
          }}
          testId="check-user"
          error={errors.user}
        />
        <Field id={`${ids}-feature`} label={t('flags.check.feature')} error={errors.feature}>
          <FeatureSelect
            id={`${ids}-feature`}
            testId="check-feature"
            value={feature}
            onChange={(f) => {
              setFeature(f);
              check.reset();
            }}
            invalid={errors.feature !== undefined}
            describedBy={errors.feature ? `${ids}-feature-error` : undefined}
          />
        </Field>
        <Button
          type="submit"
          data-testid="check-submit"
          disabled={check.isPending}
          className="sm:col-span-2 sm:justify-self-start"
        >
          {check.isPending ? t('flags.check.checking') : t('flags.check.submit')}
        </Button>
      </form>
      <div aria-live="polite">
        {result && sentence && (
          <section
            data-testid="check-result"
            aria-label={t('flags.check.resultLabel', { user: user ? userLabel(user) : '' })}
            className="flex min-w-0 flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <p
              data-testid="check-verdict"
              className={
                result.decision.allowed
                  ? 'flex items-center gap-2 text-lg font-semibold text-green-700 dark:text-green-400'
                  : 'flex items-center gap-2 text-lg font-semibold text-red-700 dark:text-red-400'
              }
            >
              {result.decision.allowed ? (
                <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
              ) : (
                <XCircle aria-hidden="true" className="h-5 w-5" />
              )}
              {result.decision.allowed ? t('flags.check.allowed') : t('flags.check.denied')}
            </p>
            <p data-testid="check-step" data-step={result.decision.step} className="text-sm">
              {t(sentence.key, sentence.values)}
            </p>
            <p className="text-xs text-neutral-500">
              {result.user
                ? [
                    userLabel(result.user),
                    t('flags.check.userLine', {
                      role: t(`roles.${result.user.role}`),
                      plan: t(`flags.plans.${result.user.plan}`),
                    }),
                    result.user.isSuperuser ? t('flags.check.superuser') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : t('flags.check.noProfile')}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
