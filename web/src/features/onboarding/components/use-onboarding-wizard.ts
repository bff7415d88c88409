import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  leaveAccountStep,
  ONBOARDING_STEPS,
  stepProblem,
  type OnboardingForm,
  type OnboardingStep,
} from '../model/form';
import { EMAIL_FIELD_ID, focusById, PASSWORD_FIELD_ID, type AccountErrors } from './account-step';

/** One id for the wizard's step toasts: a new one replaces the last, and a step change clears it. */
const STEP_TOAST_ID = 'onboarding-step-problem';

/**
 * What creating the account on leaving the account step gave: created (and signed in), the
 * email already has an account, Cognito refused the password, or it failed and the caller
 * already told the user (a toast, or a redirect when registration is closed).
 */
export type AccountOutcome =
  | { status: 'created' }
  | { status: 'email-taken' }
  | { status: 'invalid-password'; message: string }
  | { status: 'failed' };

/** What each step gets: the form and a way to change part of it. */
export interface StepProps {
  form: OnboardingForm;
  update: (patch: Partial<OnboardingForm>) => void;
}

export interface OnboardingWizardOptions {
  initialForm: OnboardingForm;
  skipAccount: boolean;
  onCreateAccount: (form: OnboardingForm) => Promise<AccountOutcome>;
  onComplete: (form: OnboardingForm) => Promise<void>;
  onExit: () => void;
}

/**
 * The wizard's state and rules: which step shows, the form, the account created on leaving
 * the account step (its errors focused on their field), and each step checked before the
 * next one (every step again before completing).
 */
export function useOnboardingWizard({
  initialForm,
  skipAccount,
  onCreateAccount,
  onComplete,
  onExit,
}: OnboardingWizardOptions) {
  const { t } = useTranslation();
  // Fixed at mount: the account created on the way (the caller then sees a signed-in user)
  // keeps its step reachable with Back, read-only.
  const [firstStep] = useState(skipAccount ? 1 : 0);
  const [accountCreated, setAccountCreated] = useState(false);
  const [stepIndex, setStepIndex] = useState(firstStep);
  const [form, setForm] = useState<OnboardingForm>(() =>
    skipAccount ? leaveAccountStep(initialForm) : initialForm,
  );
  const [busy, setBusy] = useState(false);
  const [accountErrors, setAccountErrors] = useState<AccountErrors>({});
  const step: OnboardingStep = ONBOARDING_STEPS[stepIndex] ?? 'account';
  // A step's problem is about that step: it must not follow the user to another one.
  const moveTo = (next: (index: number) => number) => {
    toast.dismiss(STEP_TOAST_ID);
    setStepIndex(next);
  };
  const update = (patch: Partial<OnboardingForm>) => {
    if (patch.email !== undefined || patch.password !== undefined) setAccountErrors({});
    setForm((current) => ({ ...current, ...patch }));
  };

  const createAccount = async () => {
    setBusy(true);
    let outcome: AccountOutcome;
    try {
      outcome = await onCreateAccount(form);
    } finally {
      setBusy(false);
    }
    if (outcome.status === 'email-taken') {
      setAccountErrors({ email: 'taken' });
      focusById(EMAIL_FIELD_ID);
      return;
    }
    if (outcome.status === 'invalid-password') {
      setAccountErrors({ password: outcome.message });
      focusById(PASSWORD_FIELD_ID);
      return;
    }
    if (outcome.status !== 'created') return;
    setAccountCreated(true);
    setForm(leaveAccountStep(form));
    moveTo(() => 1);
  };

  const onContinue = () => {
    const problem = stepProblem(step, form);
    if (problem) {
      toast.error(t(problem.title), { id: STEP_TOAST_ID, description: t(problem.text) });
      return;
    }
    if (step === 'account' && !accountCreated) {
      void createAccount();
      return;
    }
    if (step === 'account') setForm(leaveAccountStep(form));
    moveTo((i) => Math.min(i + 1, ONBOARDING_STEPS.length - 1));
  };

  const onBack = () => {
    if (stepIndex <= firstStep) onExit();
    else moveTo((i) => i - 1);
  };

  const onFinish = async () => {
    for (const s of ONBOARDING_STEPS.slice(firstStep)) {
      const problem = stepProblem(s, form);
      if (problem) {
        toast.error(t(problem.title), { id: STEP_TOAST_ID, description: t(problem.text) });
        setStepIndex(ONBOARDING_STEPS.indexOf(s));
        return;
      }
    }
    setBusy(true);
    try {
      await onComplete(form);
    } finally {
      setBusy(false);
    }
  };

  return { step, stepIndex, form, update, busy, accountErrors, accountCreated, onContinue, onBack, onFinish };
}
