import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { PublicListScreen } from '../components/public-list-screen';

/** /share/:userId/:listType inside the full app (a signed-in viewer, or after in-app navigation). */
export function PublicListPage() {
  const params = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const signedIn = session.status === 'signed-in';
  return (
    <PublicListScreen
      userId={params.userId}
      listType={params.listType}
      viewerId={signedIn ? session.userId : null}
      viewer={signedIn ? session.profile : null}
      onNavigate={(path) => void navigate(path)}
    />
  );
}

/** /shareable-lists: the signed-in user's WTB share page; visitors sign in first. */
export function ShareableListsRedirect() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status !== 'signed-in') return <Navigate to="/auth" replace />;
  return <Navigate to={`/share/${encodeURIComponent(session.userId)}/wtb`} replace />;
}
