import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getDemoProfile, updateMyProfile, type ProfileUpdate, type UserProfile } from '@sneakers/shared';
import { BackHomeButton } from '../../../components/back-home-button';
import { PageScreen } from '../../../components/page-screen';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { emitAuthEvent } from '../../../lib/session/auth-events';
import { useSession } from '../../../lib/session/use-session';
import { profileKeys } from '../../../lib/session/profile-query';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { ProfilePage } from '../components/profile-page';
import { useApi } from '../../../lib/api';
import { avatarProblem, uploadAvatar } from '../../../lib/avatar-upload';
import { useBillingRedirect } from '../../../lib/billing/billing-redirect';
import { billingSummaryNow } from '../../../lib/billing/billing-summary';
import { BILLING_PATH } from '../../../lib/billing/subscription-required';

function DemoProfile() {
  const { t } = useTranslation();
  const api = useApi();
  const demo = useQuery({
    queryKey: ['profile.demo'],
    retry: false,
    queryFn: async ({ signal }) => (await api(getDemoProfile, { signal })).profile,
  });
  if (demo.isPending) return <CenteredSpinner label={t('common.loading')} />;
  return (
    <ProfilePage
      profile={demo.data ?? demoFallbackProfile()}
      isDemo
      onSave={() => Promise.reject(new Error('DEMO_MODE'))}
    />
  );
}

/**
 * Manage Billing (docs/product/profile-and-settings.md#subscription-card): the provider's
 * customer portal for an account it knows; the billing section (Choose a plan) for a canceled
 * account, one the provider does not know yet, or when the summary cannot be read.
 */
function useManageBilling() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const redirect = useBillingRedirect();
  const [checking, setChecking] = useState(false);
  const open = async () => {
    setChecking(true);
    try {
      const summary = await billingSummaryNow(queryClient, api);
      if (!summary.hasBillingAccount || summary.status === 'canceled') {
        void navigate(BILLING_PATH);
        return;
      }
      if (!(await redirect.open({ kind: 'portal' }))) toast.error(t('profile.subscription.portalFailed'));
    } catch (error) {
      console.error('Billing summary unavailable; opening the billing section', error);
      void navigate(BILLING_PATH);
    } finally {
      setChecking(false);
    }
  };
  return { open: () => void open(), pending: checking || redirect.pending !== null };
}

/** /profile: signed-in users (and the demo store, read-only); everyone else goes to /auth. */
export function ProfileRoute() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const session = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  const failed = session.status === 'signed-in' && session.profileStatus === 'failed';
  const manageBilling = useManageBilling();

  useEffect(() => {
    if (failed) toast.error(t('profile.toast.loadError'));
  }, [failed, t]);

  if (isDemo)
    return (
      <PageScreen>
        <DemoProfile />
      </PageScreen>
    );
  if (session.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status === 'signed-out') return <Navigate to="/auth" replace />;
  if (session.profileStatus === 'loading')
    return <CenteredSpinner label={t('home.loadingProfile')} className="min-h-svh" />;
  if (session.profileStatus === 'missing') return <Navigate to="/onboarding" replace />;

  const key = profileKeys.mine(session.userId);
  const store = (profile: UserProfile) => {
    queryClient.setQueryData(key, { profile, failed: false });
    emitAuthEvent('USER_UPDATED');
  };
  const profile = session.profile;

  return (
    <PageScreen>
      {profile ? (
        <ProfilePage
          profile={profile}
          isDemo={profile.userId.startsWith('demo-')}
          manageBilling={manageBilling}
          onSave={async (update: ProfileUpdate) => {
            const saved = (await api(updateMyProfile, { body: update })).profile;
            store(saved);
            return saved;
          }}
          onAvatar={async (file) => {
            const problem = avatarProblem(file);
            if (problem) {
              toast.error(t(problem.title), { description: t(problem.text) });
              return;
            }
            try {
              store(await uploadAvatar(api, file));
              toast.success(t('profile.toast.avatarUpdated'));
            } catch (error) {
              console.error('Avatar upload failed', error);
              toast.error(t('onboarding.avatar.uploadFailedTitle'));
            }
          }}
        />
      ) : (
        <section data-testid="profile-load-error" className="flex flex-col items-center gap-3 text-center">
          <p>{t('profile.toast.loadError')}</p>
          <BackHomeButton />
        </section>
      )}
    </PageScreen>
  );
}
