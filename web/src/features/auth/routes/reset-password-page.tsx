import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { KeyRound, TriangleAlert } from 'lucide-react';
import {
  ApiError,
  checkPasswordReset,
  confirmPasswordReset,
  PASSWORD_MIN_LENGTH,
  RESET_REDIRECT_MS,
} from '@sneakers/shared';
import { PageScreen } from '../../../components/page-screen';
import { Button } from '../../../components/ui/button';
import { Card, Field, PasswordInput } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useApi } from '../../../lib/api';
import { emitAuthEvent } from '../../../lib/session/auth-events';

/** The link is valid only with type=recovery and a token (docs/product/accounts.md#reset-link). */
export function readResetLink(params: URLSearchParams): { token: string } | null {
  const token = params.get('token');
  if (params.get('type') !== 'recovery' || !token) return null;
  return { token };
}

export type NewPasswordError = 'fillAllFields' | 'tooShort' | 'mismatch';

/** New password rules (docs/product/accounts.md#new-password-rules): both required, at least 6 characters, equal. */
export function validateNewPassword(password: string, confirm: string): NewPasswordError | null {
  if (!password || !confirm) return 'fillAllFields';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password !== confirm) return 'mismatch';
  return null;
}

/** /auth/reset-password?type=recovery&token=... */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const link = readResetLink(params);
  return (
    <PageScreen>
      <div className="w-full max-w-md">
        {link ? <CheckedReset token={link.token} /> : <InvalidLink reason="invalid" />}
      </div>
    </PageScreen>
  );
}

function CheckedReset({ token }: { token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const check = useQuery({
    queryKey: ['auth.passwordReset', token],
    retry: false,
    staleTime: Infinity,
    queryFn: ({ signal }) => api(checkPasswordReset, { params: { token }, signal }),
  });
  const valid = check.isSuccess;
  useEffect(() => {
    if (valid) emitAuthEvent('PASSWORD_RECOVERY');
  }, [valid]);

  if (check.isPending) return <CenteredSpinner label={t('reset.checking')} />;
  if (check.isError) return <InvalidLink reason="expired" />;
  return <ResetForm token={token} email={check.data.email} />;
}

function InvalidLink({ reason }: { reason: 'invalid' | 'expired' }) {
  const { t } = useTranslation();
  return (
    <Card
      data-testid="reset-invalid"
      data-reason={reason}
      className="flex flex-col items-center gap-4 text-center"
    >
      <TriangleAlert aria-hidden="true" className="h-10 w-10 text-red-600" />
      <h1 className="text-xl font-semibold">
        {t(reason === 'invalid' ? 'reset.invalidTitle' : 'reset.expiredTitle')}
      </h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t(reason === 'invalid' ? 'reset.invalidBody' : 'reset.expiredBody')}
      </p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('reset.requestNew')}</p>
      <Button asChild>
        <Link to="/auth" data-testid="reset-back">
          {t('reset.backToSignIn')}
        </Link>
      </Button>
    </Card>
  );
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const newId = useId();
  const confirmId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const tooShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirm.length > 0 && password !== confirm;
  const invalid = validateNewPassword(password, confirm) !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    if (problem) {
      toast.error(t('reset.errorTitle'), { description: t(`reset.errors.${problem}`) });
      return;
    }
    setSubmitting(true);
    try {
      await api(confirmPasswordReset, { params: { token }, body: { password } });
      toast.success(t('reset.successTitle'), { description: t('reset.successBody') });
      setDone(true);
      redirect.current = window.setTimeout(() => void navigate('/auth'), RESET_REDIRECT_MS);
    } catch (error) {
      toast.error(t('reset.errorTitle'), {
        description: error instanceof ApiError ? error.message : t('errors.unexpected'),
      });
      setSubmitting(false);
    }
  };

  return (
    <Card className="flex flex-col gap-5">
      <div className="flex flex-col items-center gap-2 text-center">
        <KeyRound aria-hidden="true" className="h-10 w-10 text-orange-600" />
        <h1 className="text-xl font-semibold">{t('reset.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('reset.subtitle', { email })}</p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <Field
          id={newId}
          label={t('reset.newPassword')}
          error={tooShort ? t('reset.errors.tooShort') : undefined}
        >
          <PasswordInput
            id={newId}
            autoComplete="new-password"
            data-testid="reset-new-password"
            toggleTestId="reset-toggle-new"
            aria-invalid={tooShort || undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field
          id={confirmId}
          label={t('reset.confirmPassword')}
          error={mismatch && !tooShort ? t('reset.errors.mismatch') : undefined}
        >
          <PasswordInput
            id={confirmId}
            autoComplete="new-password"
            data-testid="reset-confirm-password"
            toggleTestId="reset-toggle-confirm"
            aria-invalid={mismatch || undefined}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" data-testid="reset-submit" disabled={invalid || submitting || done}>
          {t(submitting && !done ? 'reset.updating' : 'reset.submit')}
        </Button>
        <Button asChild variant="outline">
          <Link to="/auth">{t('reset.backToSignIn')}</Link>
        </Button>
      </form>
    </Card>
  );
}
