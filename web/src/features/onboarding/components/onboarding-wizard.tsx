import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, Camera, Check, Lock, Store, Tag, Unlock } from 'lucide-react';
import { TRIAL_DAYS } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Card, Field, Input, PasswordInput, Select } from '../../../components/ui/form';
import { cn } from '../../../lib/utils';
import { COUNTRIES, countryName } from '../model/countries';
import { CountryFlag } from './country-flag';
import {
  avatarProblem,
  leaveAccountStep,
  ONBOARDING_CONTACTS,
  ONBOARDING_CURRENCIES,
  ONBOARDING_LANGUAGES,
  ONBOARDING_STEPS,
  stepProblem,
  type OnboardingForm,
  type OnboardingStep,
  type UserType,
} from '../model/form';

/**
 * What creating the account on leaving the account step gave: created (and signed in), the
 * email already has an account, Cognito refused the password, or it failed and the caller
 * already told the user (a toast, or a redirect when registration is closed).
 */
export type AccountOutcome =
  | { status: 'created' }
  | { status: 'email-taken' }
  | { status: 'invalid-password'; message: string }
  | { status: 'failed' };

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

/** The three-step sign-up wizard: account, profile, privacy (spec sections 2, 4 and 5). */
export function OnboardingWizard({
  initialForm,
  skipAccount = false,
  onCreateAccount,
  onComplete,
  onExit,
}: OnboardingWizardProps) {
  const { t } = useTranslation();
  // Fixed at mount: the account created on the way (the caller then sees a signed-in user)
  // keeps its step reachable with Back, read-only.
  const [firstStep] = useState(skipAccount ? 1 : 0);
  const [accountCreated, setAccountCreated] = useState(false);
  const [stepIndex, setStepIndex] = useState(firstStep);
  const [form, setForm] = useState<OnboardingForm>(() =>
    skipAccount ? leaveAccountStep(initialForm) : initialForm,
  );
  const [busy, setBusy] = useState(false);
  const [accountErrors, setAccountErrors] = useState<AccountErrors>({});
  const step: OnboardingStep = ONBOARDING_STEPS[stepIndex] ?? 'account';
  const update = (patch: Partial<OnboardingForm>) => {
    if (patch.email !== undefined || patch.password !== undefined) setAccountErrors({});
    setForm((current) => ({ ...current, ...patch }));
  };

  const createAccount = async () => {
    setBusy(true);
    let outcome: AccountOutcome;
    try {
      outcome = await onCreateAccount(form);
    } finally {
      setBusy(false);
    }
    if (outcome.status === 'email-taken') {
      setAccountErrors({ email: 'taken' });
      focusById(EMAIL_FIELD_ID);
      return;
    }
    if (outcome.status === 'invalid-password') {
      setAccountErrors({ password: outcome.message });
      focusById(PASSWORD_FIELD_ID);
      return;
    }
    if (outcome.status !== 'created') return;
    setAccountCreated(true);
    setForm(leaveAccountStep(form));
    setStepIndex(1);
  };

  const onContinue = () => {
    const problem = stepProblem(step, form);
    if (problem) {
      toast.error(t(problem.title), { description: t(problem.text) });
      return;
    }
    if (step === 'account' && !accountCreated) {
      void createAccount();
      return;
    }
    if (step === 'account') setForm(leaveAccountStep(form));
    setStepIndex((i) => Math.min(i + 1, ONBOARDING_STEPS.length - 1));
  };

  const onBack = () => {
    if (stepIndex <= firstStep) onExit();
    else setStepIndex((i) => i - 1);
  };

  const onFinish = async () => {
    for (const s of ONBOARDING_STEPS.slice(firstStep)) {
      const problem = stepProblem(s, form);
      if (problem) {
        toast.error(t(problem.title), { description: t(problem.text) });
        setStepIndex(ONBOARDING_STEPS.indexOf(s));
        return;
      }
    }
    setBusy(true);
    try {
      await onComplete(form);
    } finally {
      setBusy(false);
    }
  };

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

interface StepProps {
  form: OnboardingForm;
  update: (patch: Partial<OnboardingForm>) => void;
}

/** The account step's fields have fixed ids: the wizard focuses the one the error is about. */
const EMAIL_FIELD_ID = 'onboarding-account-email';
const PASSWORD_FIELD_ID = 'onboarding-account-password';

function focusById(id: string) {
  // After React has shown the error, so the field is announced with it.
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

interface AccountErrors {
  email?: 'taken';
  password?: string;
}

function AccountStep({
  form,
  update,
  errors,
  created,
}: StepProps & { errors: AccountErrors; created: boolean }) {
  const { t } = useTranslation();
  const roles: { id: UserType; icon: typeof Store }[] = [
    { id: 'store', icon: Store },
    { id: 'reseller', icon: Tag },
  ];
  const signInHref = `/auth?email=${encodeURIComponent(form.email.trim())}`;
  return (
    <div className="flex flex-col gap-4">
      {created ? (
        <p
          data-testid="onboarding-account-created"
          className="rounded-md bg-green-50 p-3 text-sm text-green-800 dark:bg-green-950 dark:text-green-200"
        >
          {t('onboarding.accountCreated')}
        </p>
      ) : null}
      <Field
        id={EMAIL_FIELD_ID}
        label={t('onboarding.fields.email')}
        error={
          errors.email ? (
            <span data-testid="onboarding-email-taken">
              {t('onboarding.errors.emailTaken')}{' '}
              <Link
                to={signInHref}
                data-testid="onboarding-sign-in-instead"
                className="font-medium text-red-700 underline hover:no-underline dark:text-red-300"
              >
                {t('onboarding.errors.signInInstead')}
              </Link>
            </span>
          ) : undefined
        }
      >
        <Input
          id={EMAIL_FIELD_ID}
          type="email"
          required
          autoComplete="email"
          data-testid="onboarding-email"
          placeholder={t('auth.fields.emailPlaceholder')}
          value={form.email}
          readOnly={created}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${EMAIL_FIELD_ID}-error` : undefined}
          onChange={(event) => update({ email: event.target.value })}
        />
      </Field>
      <Field
        id={PASSWORD_FIELD_ID}
        label={t('onboarding.fields.password')}
        hint={t('onboarding.fields.passwordHint')}
        error={errors.password}
      >
        <PasswordInput
          id={PASSWORD_FIELD_ID}
          required
          autoComplete="new-password"
          data-testid="onboarding-password"
          toggleTestId="onboarding-password-toggle"
          value={form.password}
          readOnly={created}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={`${PASSWORD_FIELD_ID}-${errors.password ? 'error' : 'hint'}`}
          onChange={(event) => update({ password: event.target.value })}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('onboarding.fields.userType')}</legend>
        <div role="radiogroup" className="grid gap-3 sm:grid-cols-2">
          {roles.map(({ id, icon: Icon }) => {
            const selected = form.userType === id;
            return (
              <button
                key={id}
                type="button"
                role="radio"
                aria-checked={selected}
                data-testid={`role-${id}`}
                onClick={() => update({ userType: id })}
                className={cn(
                  'flex flex-col items-start gap-1 rounded-xl border-2 p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-orange-500',
                  selected
                    ? 'border-orange-600 bg-orange-50 dark:bg-orange-950/40'
                    : 'border-neutral-200 hover:border-neutral-300 dark:border-neutral-800',
                )}
              >
                <Icon aria-hidden="true" className="h-5 w-5 text-orange-600" />
                <span className="font-semibold">{t(`onboarding.userTypes.${id}.title`)}</span>
                <span className="text-xs text-neutral-600 dark:text-neutral-400">
                  {t(`onboarding.userTypes.${id}.body`)}
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

function AvatarPicker({ form, update }: StepProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!form.avatar || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(form.avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [form.avatar]);

  return (
    <div className="flex items-center gap-4">
      <span className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800">
        {preview ? (
          <img
            src={preview}
            alt=""
            data-testid="onboarding-avatar-preview"
            className="h-full w-full object-cover"
          />
        ) : (
          <Camera aria-hidden="true" className="h-6 w-6 text-neutral-500" />
        )}
      </span>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={inputId}
          className="inline-flex h-9 cursor-pointer items-center rounded-md border border-neutral-300 px-3 text-sm font-medium hover:bg-neutral-100 focus-within:outline-2 focus-within:outline-orange-500 dark:border-neutral-700 dark:hover:bg-neutral-800"
        >
          {t(form.avatar ? 'onboarding.avatar.change' : 'onboarding.avatar.upload')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          data-testid="onboarding-avatar-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const problem = avatarProblem(file);
            if (problem) {
              toast.error(t(problem.title), { description: t(problem.text) });
              return;
            }
            update({ avatar: file });
          }}
        />
        <span className="text-xs text-neutral-500 dark:text-neutral-400">{t('onboarding.avatar.hint')}</span>
      </div>
    </div>
  );
}

function ProfileStep({ form, update }: StepProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const ids = {
    name: useId(),
    contactEmail: useId(),
    phone: useId(),
    location: useId(),
    instagram: useId(),
    discord: useId(),
    preferred: useId(),
    currency: useId(),
    language: useId(),
  };
  const nameLabel = t(
    form.userType === 'store' ? 'onboarding.fields.businessName' : 'onboarding.fields.name',
  );
  return (
    <div className="flex flex-col gap-4">
      <AvatarPicker form={form} update={update} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.name} label={`${nameLabel} *`}>
          <Input
            id={ids.name}
            required
            data-testid="onboarding-name"
            value={form.name}
            onChange={(event) => update({ name: event.target.value })}
          />
        </Field>
        <Field id={ids.contactEmail} label={`${t('onboarding.fields.contactEmail')} *`}>
          <Input
            id={ids.contactEmail}
            type="email"
            required
            data-testid="onboarding-contact-email"
            value={form.contactEmail}
            onChange={(event) => update({ contactEmail: event.target.value })}
          />
        </Field>
        <Field id={ids.phone} label={`${t('onboarding.fields.phone')} *`}>
          <div className="flex gap-2">
            {/* A native select (keyboard, type-ahead, the phone's own picker) cannot show
                images in its options: the chosen country's flag is drawn inside it. */}
            <div className="relative w-36 shrink-0">
              <CountryFlag
                code={form.phoneCountry}
                className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2"
              />
              <Select
                aria-label={t('onboarding.fields.phonePrefix')}
                data-testid="onboarding-phone-country"
                value={form.phoneCountry}
                onChange={(event) => update({ phoneCountry: event.target.value })}
                className="pl-10"
              >
                {COUNTRIES.map((country) => (
                  <option key={country.code} value={country.code}>
                    {`${country.dial} ${countryName(country, language)}`}
                  </option>
                ))}
              </Select>
            </div>
            <Input
              id={ids.phone}
              type="tel"
              required
              autoComplete="tel-national"
              data-testid="onboarding-phone"
              value={form.phone}
              onChange={(event) => update({ phone: event.target.value })}
            />
          </div>
        </Field>
        <Field id={ids.location} label={`${t('onboarding.fields.location')} *`}>
          <Input
            id={ids.location}
            required
            data-testid="onboarding-location"
            placeholder={t('onboarding.fields.locationPlaceholder')}
            value={form.location}
            onChange={(event) => update({ location: event.target.value })}
          />
        </Field>
        <Field id={ids.instagram} label={t('onboarding.fields.instagram')}>
          <Input
            id={ids.instagram}
            data-testid="onboarding-instagram"
            placeholder="@username"
            value={form.instagram}
            onChange={(event) => update({ instagram: event.target.value })}
          />
        </Field>
        <Field id={ids.discord} label={t('onboarding.fields.discord')}>
          <Input
            id={ids.discord}
            data-testid="onboarding-discord"
            value={form.discord}
            onChange={(event) => update({ discord: event.target.value })}
          />
        </Field>
        <Field id={ids.preferred} label={t('onboarding.fields.preferredContact')}>
          <Select
            id={ids.preferred}
            data-testid="onboarding-preferred-contact"
            value={form.preferredContact}
            onChange={(event) =>
              update({ preferredContact: event.target.value as OnboardingForm['preferredContact'] })
            }
          >
            {ONBOARDING_CONTACTS.map((id) => (
              <option key={id} value={id}>
                {t(`contacts.${id}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={ids.currency} label={t('onboarding.fields.currency')}>
          <Select
            id={ids.currency}
            data-testid="onboarding-currency"
            value={form.currency}
            onChange={(event) => update({ currency: event.target.value as OnboardingForm['currency'] })}
          >
            {ONBOARDING_CURRENCIES.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={ids.language} label={t('onboarding.fields.language')}>
          <Select
            id={ids.language}
            data-testid="onboarding-language"
            value={form.language}
            onChange={(event) => update({ language: event.target.value as OnboardingForm['language'] })}
          >
            {ONBOARDING_LANGUAGES.map((id) => (
              <option key={id} value={id}>
                {t(`language.names.${id}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}

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

function PrivacyStep({ form, update }: StepProps) {
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
