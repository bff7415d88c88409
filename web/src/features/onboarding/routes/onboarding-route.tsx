import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, createMyProfile, getSignupSettings, type UserProfile } from '@sneakers/shared';
import { PageScreen } from '../../../components/page-screen';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { getAuthState, signIn, signUp } from '../../../lib/session/auth-store';
import { useSession } from '../../../lib/session/use-session';
import { profileKeys } from '../../../lib/session/profile-query';
import {
  isEmailTaken,
  passwordRefusal,
  preSignUpMessage,
  providerMessage,
} from '../../../lib/session/identity-errors';
import { defaultForm, prefillForm, toProfileCreate, type OnboardingForm } from '../model/form';
import { OnboardingWizard, type AccountOutcome } from '../components/onboarding-wizard';
import { isSupportedLanguage, i18n } from '../../../i18n';
import { useApi } from '../../../lib/api';
import { uploadAvatar } from '../../../lib/avatar-upload';

/**
 * /onboarding: the sign-up wizard. A signed-in user with no profile yet finishes from the
 * profile step; one with a profile goes home.
 */
export function OnboardingRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const api = useApi();
  const queryClient = useQueryClient();
  const [completing, setCompleting] = useState(false);
  // From the account step on, the session changes under the wizard (sign-up, sign-in, the
  // profile read): it stays mounted with what the user typed.
  const [inWizard, setInWizard] = useState(false);
  const holding = completing || inWizard;

  const loading =
    session.status === 'loading' || (session.status === 'signed-in' && session.profileStatus === 'loading');
  if (loading && !holding) return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status === 'signed-in' && session.profile && !holding) return <Navigate to="/" replace />;

  const signedInEmail = session.status === 'signed-in' ? session.email : null;
  const uiLanguage = isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const initial = prefillForm(params, {
    ...defaultForm(uiLanguage),
    ...(signedInEmail ? { email: signedInEmail } : {}),
  });

  const disabled = (subtitle: string | null | undefined) => {
    toast.error(t('onboarding.toast.disabledTitle'), {
      description: subtitle?.trim() || t('signup.disabled.fallback'),
    });
    void navigate('/auth');
  };

  /** False (after telling the user) when registration is closed. */
  const signupOpen = async () => {
    const { settings } = await api(getSignupSettings).catch(() => ({ settings: null }));
    if (settings && !settings.isEnabled) {
      disabled(settings.subtitle);
      return false;
    }
    return true;
  };

  /**
   * The Cognito account is created on leaving the account step (not after the last one), so
   * an email that already has an account is told at its field, with a link to sign in that
   * keeps the email. Cognito's own sign-up answer says so: no route of ours tells whether an
   * email is registered. The profile step onwards is then the signed-in-without-profile flow.
   */
  const createAccount = async (form: OnboardingForm): Promise<AccountOutcome> => {
    setInWizard(true);
    try {
      if (!(await signupOpen())) return { status: 'failed' };
      try {
        await signUp({
          email: form.email.trim(),
          password: form.password,
          role: form.userType,
          language: form.language,
          currency: form.currency,
        });
      } catch (error) {
        const rejected = preSignUpMessage(error);
        if (rejected !== null) {
          disabled(rejected);
          return { status: 'failed' };
        }
        if (isEmailTaken(error)) return { status: 'email-taken' };
        const refusal = passwordRefusal(error);
        if (refusal) return { status: 'invalid-password', message: refusal };
        const message = providerMessage(error);
        if (!message) throw error;
        toast.error(t('onboarding.toast.signUpFailed'), { description: message });
        return { status: 'failed' };
      }
      await signIn(form.email.trim(), form.password);
      return { status: 'created' };
    } catch (error) {
      console.error('Account creation failed', error);
      const message = providerMessage(error);
      if (message) toast.error(t('onboarding.toast.signUpFailed'), { description: message });
      else toast.error(t('onboarding.toast.errorTitle'), { description: t('errors.unexpected') });
      return { status: 'failed' };
    }
  };

  const complete = async (form: OnboardingForm) => {
    setCompleting(true);
    try {
      // Registration (the gate) was the account step: the account exists, its profile follows.
      const auth = getAuthState();
      // The account step signed the user in; a session lost since then signs in again.
      const userId =
        auth.status === 'signed-in'
          ? auth.userId
          : await signIn(form.email.trim(), form.password).then((s) =>
              s.status === 'signed-in' ? s.userId : null,
            );
      let profile: UserProfile;
      try {
        profile = (
          await api(createMyProfile, { body: toProfileCreate(form), idempotencyKey: crypto.randomUUID() })
        ).profile;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        toast.error(t('onboarding.toast.signUpFailed'), { description: error.message });
        return;
      }
      if (form.avatar) {
        try {
          profile = await uploadAvatar(api, form.avatar);
        } catch (error) {
          console.error('Avatar upload failed', error);
          toast.error(t('onboarding.avatar.uploadFailedTitle'), {
            description: t('onboarding.avatar.uploadFailedText'),
          });
        }
      }
      await queryClient.cancelQueries({ queryKey: profileKeys.mine(userId) });
      queryClient.setQueryData(profileKeys.mine(userId), { profile, failed: false });
      toast.success(t('onboarding.toast.welcomeTitle'), { description: t('onboarding.toast.welcomeBody') });
      await navigate('/', { replace: true });
    } catch (error) {
      console.error('Onboarding failed', error);
      const message = providerMessage(error);
      if (message) toast.error(t('onboarding.toast.signUpFailed'), { description: message });
      else toast.error(t('onboarding.toast.errorTitle'), { description: t('errors.unexpected') });
    } finally {
      setCompleting(false);
    }
  };

  return (
    <PageScreen>
      <OnboardingWizard
        initialForm={initial}
        skipAccount={signedInEmail !== null}
        onCreateAccount={createAccount}
        onComplete={complete}
        onExit={() => void navigate('/auth')}
      />
    </PageScreen>
  );
}
