import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogIn, ShieldAlert } from 'lucide-react';
import { PageScreen } from '../../../components/page-screen';
import { buttonClass } from '../../../components/ui/button-styles';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession, useSuperuserStatus } from '../../../lib/session/use-session';

/** A tool page: the public frame (brand, language, theme) around a wide, top-aligned body. */
export function ToolPage({ children }: { children: ReactNode }) {
  return (
    <PageScreen>
      <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6 self-start">{children}</div>
    </PageScreen>
  );
}

/** The signed-out refusal of a tool page: 'You must be logged in to use this page.' (docs/product/errors.md#messaging-catalogue-and-tools). */
export function AccessDenied({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="tools-access-denied"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <ShieldAlert aria-hidden="true" className="h-8 w-8" />
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-sm">{t('marketplaceTools.access.deniedBody')}</p>
      <Link to="/auth" className={buttonClass('default', 'sm')}>
        <LogIn aria-hidden="true" className="h-4 w-4" />
        {t('marketplaceTools.access.signIn')}
      </Link>
    </div>
  );
}

/** What the API's superuser-only routes tell anyone else, said plainly. */
export function SuperuserOnly({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="tools-superuser-only"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
    >
      <ShieldAlert aria-hidden="true" className="h-8 w-8 text-neutral-500" />
      <p className="font-semibold">{t('marketplaceTools.access.superuserOnlyTitle')}</p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('marketplaceTools.access.superuserOnly')}
      </p>
      {standalone ? (
        <Link to="/dashboard" className={buttonClass('outline', 'sm')}>
          {t('marketplaceTools.access.backToDashboard')}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Renders `children` for a signed-in user (or the demo session); a spinner while the session
 * loads, and `AccessDenied` titled `deniedTitle` for a visitor. With `superusersOnly`, anyone
 * else gets `SuperuserOnly` from their profile, before the page calls a route that would
 * refuse them.
 */
export function SignedInOnly({
  deniedTitle,
  superusersOnly = false,
  children,
}: {
  deniedTitle: string;
  superusersOnly?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const superuser = useSuperuserStatus();
  if (session.status === 'loading') return <CenteredSpinner label={t('common.loading')} />;
  if (session.status !== 'signed-in') return <AccessDenied title={deniedTitle} />;
  if (superusersOnly && superuser === 'loading') return <CenteredSpinner label={t('common.loading')} />;
  if (superusersOnly && superuser === 'no') return <SuperuserOnly standalone />;
  return <>{children}</>;
}
