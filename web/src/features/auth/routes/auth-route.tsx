import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useAuthState } from '../../../lib/session/auth-store';
import { AuthPage } from './auth-page';
import { useSignupSettings } from '../../../lib/site-settings';

/** /auth: signed-in users go home; the Sign Up tab follows the signup setting. */
export function AuthRoute() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const signup = useSignupSettings();
  if (auth.status === 'loading') return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (auth.status === 'signed-in') return <Navigate to="/" replace />;
  return <AuthPage signup={signup.data ?? undefined} />;
}
