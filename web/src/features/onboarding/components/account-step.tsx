import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Store, Tag } from 'lucide-react';
import { Field, Input, PasswordInput } from '../../../components/ui/form';
import { cn } from '../../../lib/utils';
import type { UserType } from '../model/form';
import type { StepProps } from './use-onboarding-wizard';

/** The account step's fields have fixed ids: the wizard focuses the one the error is about. */
export const EMAIL_FIELD_ID = 'onboarding-account-email';
export const PASSWORD_FIELD_ID = 'onboarding-account-password';

export function focusById(id: string) {
  // After React has shown the error, so the field is announced with it.
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

export interface AccountErrors {
  email?: 'taken';
  password?: string;
}

/** Email, password and whether the account is a store or a reseller. */
export function AccountStep({
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
