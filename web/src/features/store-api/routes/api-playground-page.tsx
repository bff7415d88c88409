import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { PageScreen } from '../../../components/page-screen';
import { buttonClass } from '../../../components/ui/button-styles';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { PlaygroundScreen } from '../components/store-api-section';

/** `/api-playground`: the playground in the public frame, for a signed-in store (or the demo). */
export function ApiPlaygroundPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <PageScreen>
      <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6 self-start">
        {session.status === 'loading' ? (
          <CenteredSpinner label={t('storeApi.playground.loading')} />
        ) : session.status === 'signed-out' ? (
          <div
            role="alert"
            data-testid="store-api-signed-out"
            className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center"
          >
            <h1 className="text-lg font-semibold">{t('storeApi.title')}</h1>
            <p className="text-sm">{t('storeApi.signedOut')}</p>
            <Link to="/auth" className={buttonClass('default', 'sm')}>
              <LogIn aria-hidden="true" className="h-4 w-4" />
              {t('storeApi.signIn')}
            </Link>
          </div>
        ) : (
          <PlaygroundScreen />
        )}
      </div>
    </PageScreen>
  );
}
