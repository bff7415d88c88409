import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../../components/back-home-button';
import { NotAvailable } from '../../../components/not-available';
import { PageScreen } from '../../../components/page-screen';

/** /auth: sign-in and sign-up land in a later issue. */
export function AuthPage() {
  const { t } = useTranslation();
  return (
    <PageScreen>
      <NotAvailable section={t('screens.auth')} level={1}>
        <BackHomeButton />
      </NotAvailable>
    </PageScreen>
  );
}

/** /auth/reset-password: lands with sign-in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PageScreen>
      <NotAvailable section={t('screens.resetPassword')} level={1}>
        <BackHomeButton />
      </NotAvailable>
    </PageScreen>
  );
}
