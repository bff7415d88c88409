import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, requestPasswordReset, RESET_LINK_HOURS } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { useApi } from '../../../lib/api';

export const RESET_STEPS = ['inbox', 'click', 'newPassword', 'signIn'] as const;

/** Forgot password: form, then the sent confirmation; closing resets (docs/product/accounts.md#forgot-password-dialog). */
export function ForgotPasswordDialog({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const emailId = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Closing resets; opening starts from the sign-in email.
    setEmail(next ? defaultEmail : '');
    setSending(false);
    setSent(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast.error(t('auth.forgot.errorTitle'), { description: t('auth.forgot.emailRequired') });
      return;
    }
    setSending(true);
    try {
      await api(requestPasswordReset, { body: { email: address } });
      toast.success(t('auth.forgot.sentTitle'), { description: t('auth.forgot.sentBody') });
      setSent(true);
    } catch (error) {
      toast.error(t('auth.forgot.errorTitle'), {
        description: error instanceof ApiError ? error.message : t('errors.unexpected'),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        data-testid="forgot-password-open"
        onClick={() => onOpenChange(true)}
        className="text-sm font-medium text-orange-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-orange-400"
      >
        {t('auth.forgot.open')}
      </button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t(sent ? 'auth.forgot.sentHeading' : 'auth.forgot.title')}
        description={sent ? undefined : t('auth.forgot.description')}
        closeLabel={t('common.close')}
        testId="forgot-dialog"
      >
        {sent ? (
          <div data-testid="forgot-sent" className="flex flex-col gap-4 text-sm">
            <p>{t('auth.forgot.sentTo', { email: email.trim() })}</p>
            <p className="rounded-md bg-orange-50 p-3 text-orange-900 dark:bg-orange-950 dark:text-orange-100">
              {t('auth.forgot.expires', { hours: RESET_LINK_HOURS })}
            </p>
            <div>
              <p className="font-medium">{t('auth.forgot.nextSteps')}</p>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-neutral-700 dark:text-neutral-300">
                {RESET_STEPS.map((step) => (
                  <li key={step}>{t(`auth.forgot.steps.${step}`)}</li>
                ))}
              </ol>
            </div>
            <Button onClick={() => onOpenChange(false)}>{t('auth.forgot.backToSignIn')}</Button>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
            <Field id={emailId} label={t('auth.fields.email')}>
              <Input
                id={emailId}
                type="email"
                required
                autoComplete="email"
                data-testid="forgot-email"
                placeholder={t('auth.fields.emailPlaceholder')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Field>
            <Button type="submit" data-testid="forgot-submit" disabled={sending || !email}>
              {t(sending ? 'auth.forgot.sending' : 'auth.forgot.submit')}
            </Button>
          </form>
        )}
      </Dialog>
    </>
  );
}
