import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../features/auth';
import { DashboardShell } from '../../features/dashboard';
import { DEMO_PROFILE, leaveDemoMode, useDemoMode } from '../../features/demo';

/** /dashboard/*: the demo store in demo mode, the signed-in user's dashboard, else /auth. */
export function DashboardRoute() {
  const isDemo = useDemoMode();
  const session = useSession();
  const navigate = useNavigate();

  if (isDemo) {
    return <DashboardShell profile={DEMO_PROFILE} isDemo onSignOut={leaveDemoMode} />;
  }
  if (session.status === 'signed-in') {
    // Signing out arrives with the auth issue.
    return <DashboardShell profile={session.profile} isDemo={false} onSignOut={() => void navigate('/')} />;
  }
  return <Navigate to="/auth" replace />;
}
