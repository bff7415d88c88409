import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Ban, Clock, Gift, TrendingUp } from 'lucide-react';
import { TRIAL_DAYS } from '@sneakers/shared';
import { BackHomeButton } from '../../../components/back-home-button';
import { PageScreen } from '../../../components/page-screen';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, Field, Input, PasswordInput } from '../../../components/ui/form';
import { cn } from '../../../lib/utils';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { providerMessage } from '../../../lib/session/identity-errors';
import { signIn } from '../../../lib/session/auth-store';

export interface SignupAvailability {
  isEnabled: boolean;
  subtitle: string | null;
}

export interface AuthPageProps {
  /** Undefined while the signup settings load (the Sign Up tab shows as available). */
  signup?: SignupAvailability;
  /** Signs in; defaults to Cognito through Amplify. */
  signInWith?: (email: string, password: string) => Promise<unknown>;
}

type Tab = 'signin' | 'signup';

/** /auth: Sign In and Sign Up tabs (docs/product/accounts.md#auth-page). */
export function AuthPage({ signup, signInWith = signIn }: AuthPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  // ?email= is what the visitor typed elsewhere (onboarding's "Sign in instead"): it stays.
  const typedEmail = params.get('email') ?? '';
  const next = params.get('next');
  const setTab = (tabTo: Tab) =>
    setParams(
      {
        ...(tabTo === 'signup' ? { tab: 'signup' } : {}),
        ...(typedEmail ? { email: typedEmail } : {}),
        ...(next ? { next } : {}),
      },
      { replace: true },
    );

  const tabClass = (active: boolean) =>
    cn(
      'flex-1 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-orange-500',
      active
        ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-800 dark:text-neutral-50'
        : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100',
    );

  return (
    <PageScreen>
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight">{t('auth.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t('auth.subtitle')}</p>
        </div>
        <Card className="flex flex-col gap-6 p-4 sm:p-6">
          <div
            role="tablist"
            aria-label={t('auth.tabsLabel')}
            className="flex gap-1 rounded-lg bg-neutral-100 p-1 dark:bg-neutral-950"
          >
            <button
              type="button"
              role="tab"
              id="tab-signin"
              data-testid="tab-signin"
              aria-selected={tab === 'signin'}
              aria-controls="panel-signin"
              onClick={() => setTab('signin')}
              className={tabClass(tab === 'signin')}
            >
              {t('auth.tabs.signIn')}
            </button>
            <button
              type="button"
              role="tab"
              id="tab-signup"
              data-testid="tab-signup"
              aria-selected={tab === 'signup'}
              aria-controls="panel-signup"
              onClick={() => setTab('signup')}
              className={tabClass(tab === 'signup')}
            >
              {t('auth.tabs.signUp')}
            </button>
          </div>
          {tab === 'signin' ? (
            <div role="tabpanel" id="panel-signin" aria-labelledby="tab-signin">
              <SignInForm signInWith={signInWith} initialEmail={typedEmail} returnTo={returnPath(next)} />
            </div>
          ) : (
            <div role="tabpanel" id="panel-signup" aria-labelledby="tab-signup">
              <SignUpPanel signup={signup} />
            </div>
          )}
        </Card>
        <div className="flex flex-col items-center gap-3 text-center">
          <BackHomeButton />
          <p data-testid="auth-legal" className="text-xs text-neutral-500 dark:text-neutral-400">
            {t('auth.legal', { days: TRIAL_DAYS })}
          </p>
        </div>
      </div>
    </PageScreen>
  );
}

/**
 * ?next= brings a visitor back where signing in was asked for (a shared list's Message
 * button); only a path of this app, never another origin.
 */
function returnPath(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/';
}

function SignInForm({
  signInWith,
  initialEmail,
  returnTo,
}: {
  signInWith: (email: string, password: string) => Promise<unknown>;
  initialEmail: string;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Both required: an empty submit does nothing (docs/product/accounts.md#sign-in-tab).
    if (!email.trim() || !password) return;
    setSubmitting(true);
    try {
      await signInWith(email.trim(), password);
      toast.success(t('auth.signIn.successTitle'), { description: t('auth.signIn.successBody') });
      await navigate(returnTo);
    } catch (error) {
      const message = providerMessage(error);
      if (message) toast.error(t('auth.signIn.failedTitle'), { description: message });
      else toast.error(t('auth.signIn.failedTitle'), { description: t('errors.unexpected') });
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field id={emailId} label={t('auth.fields.email')}>
        <Input
          id={emailId}
          type="email"
          autoComplete="email"
          required
          data-testid="signin-email"
          placeholder={t('auth.fields.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field id={passwordId} label={t('auth.fields.password')}>
        <PasswordInput
          id={passwordId}
          autoComplete="current-password"
          required
          data-testid="signin-password"
          toggleTestId="signin-password-toggle"
          placeholder={t('auth.fields.passwordPlaceholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <div className="flex justify-end">
        <ForgotPasswordDialog defaultEmail={email.trim()} />
      </div>
      <Button type="submit" size="lg" data-testid="signin-submit" disabled={submitting}>
        {t(submitting ? 'auth.signIn.submitting' : 'auth.signIn.submit')}
      </Button>
    </form>
  );
}

const SIGNUP_STATS = [
  { id: 'trial', icon: Gift },
  { id: 'setup', icon: Clock },
  { id: 'roi', icon: TrendingUp },
] as const;

function SignUpPanel({ signup }: { signup?: SignupAvailability }) {
  const { t } = useTranslation();
  const disabled = signup?.isEnabled === false;
  const message = signup?.subtitle?.trim() || t('signup.disabled.fallback');

  const content = (
    <div
      aria-hidden={disabled || undefined}
      className={cn('flex flex-col gap-5', disabled && 'pointer-events-none blur-sm select-none')}
    >
      <div className="text-center">
        <h2 className="text-lg font-semibold">{t('auth.signUp.title')}</h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {t('auth.signUp.subtitle', { days: TRIAL_DAYS })}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {SIGNUP_STATS.map(({ id, icon: Icon }) => (
          <div
            key={id}
            data-testid={`signup-stat-${id}`}
            className="flex flex-col items-center gap-1 rounded-lg bg-orange-50 p-3 dark:bg-orange-950/40"
          >
            <Icon aria-hidden="true" className="h-5 w-5 text-orange-600 dark:text-orange-400" />
            <dd className="text-lg font-bold">{t(`auth.signUp.stats.${id}.value`, { days: TRIAL_DAYS })}</dd>
            <dt className="order-last text-xs text-neutral-600 dark:text-neutral-400">
              {t(`auth.signUp.stats.${id}.label`)}
            </dt>
          </div>
        ))}
      </dl>
      {disabled ? (
        <Button size="lg" tabIndex={-1} disabled>
          {t('auth.signUp.start')}
        </Button>
      ) : (
        <Button asChild size="lg">
          <Link to="/onboarding" data-testid="signup-start">
            {t('auth.signUp.start')}
          </Link>
        </Button>
      )}
    </div>
  );

  if (!disabled) return content;
  return (
    <div className="relative">
      <div className="mb-3 flex justify-center">
        <Badge tone="red" data-testid="signup-disabled-badge">
          {t('signup.disabled.badge')}
        </Badge>
      </div>
      {content}
      <div
        data-testid="signup-disabled"
        role="alert"
        className="absolute inset-0 top-8 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/80 p-4 text-center backdrop-blur-[1px] dark:bg-neutral-900/80"
      >
        <Ban aria-hidden="true" className="h-8 w-8 text-red-600" />
        <h2 className="text-lg font-semibold">{t('signup.disabled.title')}</h2>
        <p data-testid="signup-disabled-message" className="text-sm text-neutral-600 dark:text-neutral-300">
          {message}
        </p>
        <BackHomeButton />
      </div>
    </div>
  );
}
