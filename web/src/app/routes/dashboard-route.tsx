import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@sneakers/shared';
import { CenteredSpinner } from '../../components/ui/spinner';
import { activeImpersonationOf, useImpersonation } from '../../lib/impersonation/impersonation-state';
import { useAuthState } from '../../lib/session/auth-store';
import { useSession } from '../../lib/session/use-session';
import { useSignOut } from '../../lib/session/use-sign-out';
import { DashboardShell, type DashboardShellProps } from '../dashboard/components/dashboard-shell';
import { sectionsHiddenFor, type NavViewer } from '../dashboard/model/navigation';
import { DEMO_PROFILE, leaveDemoMode, useDemoMode } from '../../lib/demo/demo-mode';
import { useFeatures } from '../../lib/feature-access/use-features';
import { resolveDashboardLocation } from '../../lib/sections';
import { NotFoundPage } from './simple-screens';
import type { FeatureAccess } from '../../lib/feature-access/feature-access';

/**
 * The sidebar rules (docs/product/dashboard-shell.md#visibility-rules) for the shown user: their role, superuser flag and
 * feature access. While a superuser impersonates, the sidebar is the superuser's, with the
 * items the impersonated user lacks dimmed.
 */
function useSidebarRules(profile: Pick<UserProfile, 'role' | 'isSuperuser'>, original: UserProfile | null) {
  const features: FeatureAccess = useFeatures();
  return useMemo(() => {
    const shown: NavViewer = {
      role: profile.role,
      isSuperuser: profile.isSuperuser,
      hasFeature: features.has,
      canOpen: features.canOpen,
    };
    if (!original) return { navViewer: shown, canOpenSection: features.canOpen };
    const superuser: NavViewer = { role: original.role, isSuperuser: original.isSuperuser };
    return {
      navViewer: superuser,
      dimmedSections: sectionsHiddenFor(superuser, shown),
      canOpenSection: features.canOpen,
    };
  }, [profile.role, profile.isSuperuser, features.has, features.canOpen, original]);
}

/**
 * /dashboard/*: the not-found page for a path no section has (whoever asks), else the demo
 * store in demo mode, the signed-in user's dashboard, or /auth.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const isDemo = useDemoMode();
  const session = useSession();
  const signOut = useSignOut();

  if (!resolveDashboardLocation(pathname, search)) return <NotFoundPage />;

  if (isDemo) {
    // The demo identity's own profile once read; the demo constants until then.
    const profile = session.status === 'signed-in' ? (session.profile ?? DEMO_PROFILE) : DEMO_PROFILE;
    return <UserDashboard profile={profile} isDemo onSignOut={leaveDemoMode} />;
  }
  if (session.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status === 'signed-in') {
    if (session.profileStatus === 'loading')
      return <CenteredSpinner label={t('home.loadingProfile')} className="min-h-svh" />;
    if (session.profile)
      return (
        <UserDashboard
          profile={session.profile}
          isDemo={false}
          onSignOut={() => void signOut()}
          subscription={{
            userId: session.profile.userId,
            state: {
              status: session.profile.subscriptionStatus,
              trialEndsAt: session.profile.trialEndsAt,
              pastDueSince: session.profile.pastDueSince,
            },
          }}
        />
      );
    if (session.profileStatus === 'missing') return <Navigate to="/onboarding" replace />;
  }
  return <Navigate to="/auth" replace />;
}

interface UserDashboardProps {
  profile: Pick<UserProfile, 'businessName' | 'role' | 'isSuperuser' | 'avatarUrl'>;
  isDemo: boolean;
  onSignOut: () => void;
  /** The demo store gets no banner: its trial is a sample and it cannot write anyway. */
  subscription?: DashboardShellProps['subscription'];
}

function UserDashboard({ profile, isDemo, onSignOut, subscription }: UserDashboardProps) {
  const auth = useAuthState();
  const impersonating = activeImpersonationOf(
    useImpersonation(),
    auth.status === 'signed-in' ? auth.userId : null,
  );
  const rules = useSidebarRules(profile, isDemo ? null : (impersonating?.originalProfile ?? null));
  return (
    <DashboardShell
      profile={profile}
      isDemo={isDemo}
      onSignOut={onSignOut}
      subscription={subscription}
      // Only the user keeps their own account: an impersonating superuser is not asked.
      closureBanner={!isDemo && !impersonating}
      {...rules}
    />
  );
}
