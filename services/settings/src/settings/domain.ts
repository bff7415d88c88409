import { requireSuperuser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { auditItem } from '@sneakers/shared/audit/audit-item';
import {
  COMING_SOON_DEFAULTS,
  type ComingSoonSettings,
  type ComingSoonUpdate,
  type SignupSettings,
  type SignupUpdate,
} from '@sneakers/shared/contracts/settings';
import { buildEvent, settingsChanged } from '@sneakers/events';
import { COMING_SOON_ID, SIGNUP_ID, type SettingsDeps } from './ports';

export function getComingSoonSettings(deps: SettingsDeps): Promise<ComingSoonSettings | null> {
  return deps.repo.getComingSoon();
}

export async function updateComingSoonSettings(
  deps: SettingsDeps,
  actor: Actor,
  input: ComingSoonUpdate,
): Promise<ComingSoonSettings> {
  // A write first: the demo identity gets the demo answer, not a permissions one.
  requireWriter(actor);
  const user = requireSuperuser(actor);
  const now = deps.clock.now().toISOString();
  const current = await deps.repo.getComingSoon();
  const next: ComingSoonSettings = {
    id: COMING_SOON_ID,
    isEnabled: input.isEnabled ?? current?.isEnabled ?? false,
    title: input.title ?? current?.title ?? COMING_SOON_DEFAULTS.title,
    subtitle: input.subtitle ?? current?.subtitle ?? COMING_SOON_DEFAULTS.subtitle,
    launchDate: input.launchDate !== undefined ? input.launchDate : (current?.launchDate ?? null),
    updatedAt: now,
  };
  const event = buildEvent(
    settingsChanged,
    { setting: 'comingSoon', changedBy: user.userId },
    {
      eventId: deps.ids.next(),
      occurredAt: now,
    },
  );
  const audit = auditItem(
    user,
    { action: 'settings.comingSoon', subject: 'comingSoon', before: current, after: next },
    deps.ids.next(),
    now,
  );
  await deps.repo.saveComingSoon(next, event, audit);
  return next;
}

/** Sign-up is open when no row exists (docs/product/accounts.md#sign-up-gate). */
export async function getSignupSettings(deps: Pick<SettingsDeps, 'repo'>): Promise<SignupSettings> {
  return (await deps.repo.getSignup()) ?? { id: null, isEnabled: true, subtitle: null, updatedAt: null };
}

export async function updateSignupSettings(
  deps: SettingsDeps,
  actor: Actor,
  input: SignupUpdate,
): Promise<SignupSettings> {
  // A write first: the demo identity gets the demo answer, not a permissions one.
  requireWriter(actor);
  const user = requireSuperuser(actor);
  const now = deps.clock.now().toISOString();
  const stored = await deps.repo.getSignup();
  const current = stored ?? (await getSignupSettings(deps));
  const next: SignupSettings = {
    id: SIGNUP_ID,
    isEnabled: input.isEnabled ?? current.isEnabled,
    subtitle: input.subtitle !== undefined ? input.subtitle : current.subtitle,
    updatedAt: now,
  };
  const event = buildEvent(
    settingsChanged,
    { setting: 'signup', changedBy: user.userId },
    {
      eventId: deps.ids.next(),
      occurredAt: now,
    },
  );
  // `before` is null while no row existed (sign-up open by default).
  const audit = auditItem(
    user,
    { action: 'settings.signup', subject: 'signup', before: stored, after: next },
    deps.ids.next(),
    now,
  );
  await deps.repo.saveSignup(next, event, audit);
  return next;
}

/** The message when sign-up is closed and no subtitle is set (docs/product/accounts.md#sign-up-gate). */
export const SIGNUP_DISABLED_FALLBACK = 'Registration is currently not available.';

/** Thrown to Cognito's PreSignUp trigger: Cognito rejects the sign-up with this message. */
export class SignupDisabledError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignupDisabledError';
  }
}

/**
 * The sign-up gate (docs/product/accounts.md#sign-up-gate): self-service sign-up works only while the
 * setting is enabled (or has no row). Accounts an administrator creates are not gated.
 * Open sign-ups are confirmed and verified at once: the product signs people in straight
 * after onboarding.
 */
export async function gateSignUp(
  deps: Pick<SettingsDeps, 'repo'>,
  trigger: { triggerSource: string },
): Promise<{ autoConfirmUser: boolean; autoVerifyEmail: boolean }> {
  if (trigger.triggerSource === 'PreSignUp_AdminCreateUser')
    return { autoConfirmUser: false, autoVerifyEmail: false };
  const settings = await getSignupSettings(deps);
  if (!settings.isEnabled)
    throw new SignupDisabledError(settings.subtitle?.trim() || SIGNUP_DISABLED_FALLBACK);
  return { autoConfirmUser: true, autoVerifyEmail: true };
}
