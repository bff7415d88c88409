import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCOUNT_CLOSURE_GRACE_DAYS, ApiError, PORTABLE_KINDS } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, PasswordInput } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { useSignOut } from '../../../lib/session/use-sign-out';
import { useCloseAccount, useDataSummary } from '../api/account';

/**
 * "Close account" (docs/product/accounts.md#closing-the-account): what goes (the records per
 * kind) and when, the password asked again and a confirmation; then this browser signs out
 * (the server has signed out every other one).
 */
export function CloseAccount() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="close-account-title"
      data-testid="settings-close-account"
      className="flex flex-col gap-3"
    >
      <h3 id="close-account-title" className="text-base font-semibold">
        {t('settingsPage.closeAccount.title')}
      </h3>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('settingsPage.closeAccount.body', { days: ACCOUNT_CLOSURE_GRACE_DAYS })}
      </p>
      <Button
        variant="destructive"
        className="self-start"
        data-testid="settings-close-account-open"
        onClick={() => (isDemo ? showDemoToast() : setOpen(true))}
      >
        {t('settingsPage.closeAccount.open')}
      </Button>
      {open ? <CloseAccountDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const summary = useDataSummary(true);
  const close = useCloseAccount();
  const signOut = useSignOut();
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const counts = summary.data;
  const owned = counts ? PORTABLE_KINDS.filter((kind) => counts[kind] > 0) : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(t('settingsPage.closeAccount.passwordRequired'));
    if (!understood) return;
    setError(undefined);
    close.mutate(password, {
      onSuccess: ({ closure }) => {
        toast.success(t('settingsPage.closeAccount.closed'), {
          description: t('settingsPage.closeAccount.closedBody', {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
              new Date(closure.deleteAfter),
            ),
          }),
        });
        void signOut();
      },
      onError: (err) => {
        if (isDemoRefusal(err)) return onClose();
        if (err instanceof ApiError && err.code === 'WRONG_PASSWORD')
          return setError(t('settingsPage.closeAccount.wrongPassword'));
        if (err instanceof ApiError && err.code === 'CLOSURE_PENDING')
          return setError(t('settingsPage.closeAccount.pending'));
        if (err instanceof ApiError && err.fields?.password?.[0]) return setError(err.fields.password[0]);
        toast.error(t('settingsPage.closeAccount.failed'));
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('settingsPage.closeAccount.confirmTitle')}
      description={t('settingsPage.closeAccount.confirmBody', { days: ACCOUNT_CLOSURE_GRACE_DAYS })}
      closeLabel={t('common.close')}
      testId="settings-close-account-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1 text-sm" data-testid="settings-close-account-summary">
          <p className="font-medium">{t('settingsPage.closeAccount.whatGoes')}</p>
          {summary.isPending ? (
            <Spinner />
          ) : summary.isError ? (
            <p className="text-neutral-600 dark:text-neutral-400">
              {t('settingsPage.closeAccount.summaryError')}
            </p>
          ) : owned.length === 0 ? (
            <p className="text-neutral-600 dark:text-neutral-400">{t('settingsPage.closeAccount.nothing')}</p>
          ) : (
            <ul className="list-disc pl-5">
              {owned.map((kind) => (
                <li key={kind} data-testid={`settings-close-account-count-${kind}`}>
                  {t(`settingsPage.closeAccount.kinds.${kind}`, {
                    count: counts?.[kind] ?? 0,
                    n: n(counts?.[kind] ?? 0),
                  })}
                </li>
              ))}
            </ul>
          )}
          <p className="text-neutral-600 dark:text-neutral-400">{t('settingsPage.closeAccount.alsoGoes')}</p>
        </div>
        <Field id={`${id}-password`} label={t('settingsPage.closeAccount.password')} error={error}>
          <PasswordInput
            id={`${id}-password`}
            data-testid="settings-close-account-password"
            autoComplete="current-password"
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-password-error` : undefined}
            onChange={(e) => (setPassword(e.target.value), setError(undefined))}
          />
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="settings-close-account-understand"
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-red-600"
          />
          {t('settingsPage.closeAccount.understand', { days: ACCOUNT_CLOSURE_GRACE_DAYS })}
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="destructive"
            data-testid="settings-close-account-confirm"
            disabled={!understood || close.isPending}
          >
            {close.isPending
              ? t('settingsPage.closeAccount.closing')
              : t('settingsPage.closeAccount.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
