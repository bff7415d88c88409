import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ApiError,
  CURRENCIES,
  EMAIL_KINDS,
  PASSWORD_MIN_LENGTH,
  type EmailKind,
  type ProfileUpdate,
  type UserProfile,
} from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Field, Input, PasswordInput, Select } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useSignOut } from '../../../lib/session/use-sign-out';
import {
  useChangeEmail,
  useChangePassword,
  useSignOutEverywhere,
  useUpdateProfile,
  useVerifyEmail,
} from '../api/account';
import { CloseAccount } from './close-account';

/** A refusal's own message at a field, else nothing (the toast says it). */
function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field]?.[0] : undefined;
}

/** The server's message when it refused with `code` (a wrong password or code), for its field. */
function refusal(error: unknown, code: string): string | undefined {
  return error instanceof ApiError && error.code === code ? error.message : undefined;
}

/** The error toast, except for a demo refusal: the app shows the demo toast for it. */
function failed(title: string, error: unknown) {
  if (isDemoRefusal(error)) return;
  toast.error(title, { description: error instanceof ApiError ? error.message : undefined });
}

function Block({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className="flex flex-col gap-3">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * Email preferences: the master switch and one per kind (docs/product/profile-and-settings.md#email-notifications).
 * Each change saves at once.
 */
function EmailPreferences({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(profile.userId);
  const save = (body: ProfileUpdate) =>
    update.mutate(body, {
      onSuccess: () => toast.success(t('settingsPage.emails.saved')),
      onError: (error) => failed(t('settingsPage.emails.failed'), error),
    });
  const muted = new Set<EmailKind>(profile.mutedEmails);
  const toggleKind = (kind: EmailKind, on: boolean) =>
    save({ mutedEmails: EMAIL_KINDS.filter((k) => (k === kind ? !on : muted.has(k))) });
  return (
    <Block title={t('settingsPage.emails.title')} testId="settings-emails">
      <label className="flex items-start gap-2 text-sm font-medium">
        <input
          type="checkbox"
          data-testid="settings-emails-all"
          checked={profile.emailNotifications}
          disabled={update.isPending}
          onChange={(e) => save({ emailNotifications: e.target.checked })}
          aria-describedby="settings-emails-all-hint"
          className="mt-0.5 h-4 w-4 accent-orange-600"
        />
        {t('settingsPage.emails.all')}
      </label>
      <p id="settings-emails-all-hint" className="text-xs text-neutral-500 dark:text-neutral-400">
        {t('settingsPage.emails.allHint')}
      </p>
      <ul className="flex flex-col gap-2 pl-6">
        {EMAIL_KINDS.map((kind) => (
          <li key={kind}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                data-testid={`settings-email-${kind}`}
                checked={profile.emailNotifications && !muted.has(kind)}
                disabled={!profile.emailNotifications || update.isPending}
                onChange={(e) => toggleKind(kind, e.target.checked)}
                className="h-4 w-4 accent-orange-600"
              />
              {t(`settingsPage.emails.kinds.${kind}`)}
            </label>
          </li>
        ))}
      </ul>
    </Block>
  );
}

/**
 * "Show my profile in deals" (`profileVisibleInDeals`, on for new profiles): off, the user's
 * items leave every deals board and their own board is empty (docs/product/deals.md#matching-rule).
 */
function DealsVisibility({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(profile.userId);
  return (
    <Block title={t('settingsPage.visibility.title')} testId="settings-visibility">
      <label className="flex items-start gap-2 text-sm font-medium">
        <input
          type="checkbox"
          data-testid="settings-visible-in-deals"
          checked={profile.profileVisibleInDeals}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate(
              { profileVisibleInDeals: e.target.checked },
              {
                onSuccess: () => toast.success(t('settingsPage.visibility.saved')),
                onError: (error) => failed(t('settingsPage.visibility.failed'), error),
              },
            )
          }
          aria-describedby="settings-visible-in-deals-hint"
          className="mt-0.5 h-4 w-4 accent-orange-600"
        />
        {t('settingsPage.visibility.deals')}
      </label>
      <p id="settings-visible-in-deals-hint" className="text-xs text-neutral-500 dark:text-neutral-400">
        {t('settingsPage.visibility.dealsHint')}
      </p>
    </Block>
  );
}

function CurrencyChoice({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(profile.userId);
  const id = useId();
  return (
    <Field id={id} label={t('settingsPage.currency.label')} hint={t('settingsPage.currency.hint')}>
      <Select
        id={id}
        data-testid="settings-currency"
        value={profile.currency}
        disabled={update.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(e) =>
          update.mutate(
            { currency: e.target.value as UserProfile['currency'] },
            {
              onSuccess: () => toast.success(t('settingsPage.currency.saved')),
              onError: (error) => failed(t('settingsPage.currency.failed'), error),
            },
          )
        }
        className="sm:w-48"
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The sign-in email: ask for the new one, then confirm it with the code Cognito emails to it. */
function SignInEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(email);
  const [next, setNext] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const change = useChangeEmail();
  const verify = useVerifyEmail();
  const changed = (address: string) => {
    setCurrent(address);
    setPending(null);
    setNext('');
    setCode('');
    toast.success(t('settingsPage.email.changed'), {
      description: t('settingsPage.email.changedBody', { email: address }),
    });
  };
  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    const address = next.trim().toLowerCase();
    if (address === current.toLowerCase()) return setError(t('settingsPage.email.same'));
    setError(undefined);
    change.mutate(address, {
      onSuccess: (out) => (out.verificationRequired ? setPending(out.email) : changed(out.email)),
      onError: (err) => {
        const message =
          fieldError(err, 'email') ??
          (err instanceof ApiError && err.status === 409 ? err.message : undefined);
        if (message) setError(message);
        else failed(t('settingsPage.email.failed'), err);
      },
    });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    setError(undefined);
    verify.mutate(code.trim(), {
      onSuccess: () => changed(pending),
      onError: (err) => {
        const message = refusal(err, 'INVALID_CODE') ?? fieldError(err, 'code');
        if (message) setError(message);
        else failed(t('settingsPage.email.failed'), err);
      },
    });
  };
  return (
    <Block title={t('settingsPage.email.title')} testId="settings-email">
      <p className="text-sm" data-testid="settings-email-current">
        {t('settingsPage.email.current', { email: current })}
      </p>
      {pending ? (
        <form onSubmit={submitCode} className="flex flex-col gap-3 sm:max-w-sm" noValidate>
          <p
            className="text-sm text-neutral-600 dark:text-neutral-400"
            data-testid="settings-email-code-sent"
          >
            {t('settingsPage.email.codeSent', { email: pending, current })}
          </p>
          <Field id="settings-email-code" label={t('settingsPage.email.code')} error={error}>
            <Input
              id="settings-email-code"
              data-testid="settings-email-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'settings-email-code-error' : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <div className="flex gap-2">
            <Button
              type="submit"
              data-testid="settings-email-confirm"
              disabled={!code.trim() || verify.isPending}
            >
              {verify.isPending ? t('settingsPage.email.confirming') : t('settingsPage.email.confirm')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => (setPending(null), setError(undefined))}>
              {t('settingsPage.email.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitEmail} className="flex flex-col gap-3 sm:max-w-sm" noValidate>
          <Field id="settings-email-new" label={t('settingsPage.email.new')} error={error}>
            <Input
              id="settings-email-new"
              data-testid="settings-email-new"
              type="email"
              autoComplete="email"
              value={next}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'settings-email-new-error' : undefined}
              onChange={(e) => (setNext(e.target.value), setError(undefined))}
            />
          </Field>
          <Button
            type="submit"
            className="self-start"
            data-testid="settings-email-change"
            disabled={!next.trim() || change.isPending}
          >
            {change.isPending ? t('settingsPage.email.changing') : t('settingsPage.email.change')}
          </Button>
        </form>
      )}
    </Block>
  );
}

type PasswordErrors = Partial<Record<'currentPassword' | 'newPassword' | 'confirm', string>>;

function PasswordChange() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const change = useChangePassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: PasswordErrors = {};
    if (!current) found.currentPassword = t('settingsPage.password.required');
    if (next.length < PASSWORD_MIN_LENGTH) found.newPassword = t('settingsPage.password.tooShort');
    else if (next !== confirm) found.confirm = t('settingsPage.password.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          toast.success(t('settingsPage.password.changed'), {
            description: t('settingsPage.password.changedBody'),
          });
        },
        onError: (err) => {
          const fields = {
            currentPassword: refusal(err, 'WRONG_PASSWORD') ?? fieldError(err, 'currentPassword'),
            newPassword: fieldError(err, 'newPassword'),
          };
          if (fields.currentPassword || fields.newPassword) setErrors(fields);
          else failed(t('settingsPage.password.failed'), err);
        },
      },
    );
  };
  const field = (
    key: keyof PasswordErrors,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
  ) => {
    const id = `settings-password-${key}`;
    return (
      <Field
        id={id}
        label={t(
          `settingsPage.password.${key === 'currentPassword' ? 'current' : key === 'newPassword' ? 'new' : 'confirm'}`,
        )}
        error={errors[key]}
      >
        <PasswordInput
          id={id}
          data-testid={id}
          autoComplete={autoComplete}
          value={value}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-error` : undefined}
          onChange={(e) => (set(e.target.value), setErrors((all) => ({ ...all, [key]: undefined })))}
        />
      </Field>
    );
  };
  return (
    <Block title={t('settingsPage.password.title')} testId="settings-password">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:max-w-sm" noValidate>
        {field('currentPassword', current, setCurrent, 'current-password')}
        {field('newPassword', next, setNext, 'new-password')}
        {field('confirm', confirm, setConfirm, 'new-password')}
        <Button
          type="submit"
          className="self-start"
          data-testid="settings-password-change"
          disabled={change.isPending}
        >
          {change.isPending ? t('settingsPage.password.changing') : t('settingsPage.password.change')}
        </Button>
      </form>
    </Block>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const signOutAll = useSignOutEverywhere();
  const signOut = useSignOut();
  return (
    <Block title={t('settingsPage.sessions.title')} testId="settings-sessions">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('settingsPage.sessions.body')}</p>
      <Button
        variant="outline"
        // Wraps on a phone: the Spanish label is wider than 360 px allows.
        className="h-auto min-h-10 self-start py-2 text-left whitespace-normal"
        data-testid="settings-sign-out-all"
        onClick={() => setOpen(true)}
      >
        {t('settingsPage.sessions.signOutAll')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('settingsPage.sessions.confirmTitle')}
        description={t('settingsPage.sessions.confirmBody')}
        confirmLabel={t('settingsPage.sessions.confirm')}
        pending={signOutAll.isPending}
        testId="settings-sign-out-all-dialog"
        confirmTestId="settings-sign-out-all-confirm"
        onConfirm={() =>
          signOutAll.mutate(undefined, {
            // Every refresh token is revoked: this browser signs out too, at once.
            onSuccess: () => void signOut(),
            onError: (error) => {
              setOpen(false);
              failed(t('settingsPage.sessions.failed'), error);
            },
          })
        }
      />
    </Block>
  );
}

/**
 * The account panel of Settings (docs/product/profile-and-settings.md#account-settings): email
 * preferences and currency (the profile), then the sign-in (Cognito through the profiles
 * service), which only the user may change, never a superuser impersonating them.
 */
export function AccountPanel({
  profile,
  email,
  impersonating,
}: {
  profile: UserProfile | null;
  email: string;
  impersonating: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      {profile && (
        <>
          <EmailPreferences profile={profile} />
          <DealsVisibility profile={profile} />
          <CurrencyChoice profile={profile} />
        </>
      )}
      {impersonating ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="settings-impersonating">
          {t('settingsPage.impersonating')}
        </p>
      ) : (
        <>
          <SignInEmail email={email} />
          <PasswordChange />
          <Sessions />
        </>
      )}
      {/* Only the user closes their account, never a superuser impersonating them (403 IMPERSONATING). */}
      {impersonating ? null : <CloseAccount />}
    </div>
  );
}
