import { requireSuperuser, type Actor } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import {
  COMING_SOON_DEFAULTS,
  type ComingSoonSettings,
  type ComingSoonUpdate,
  type SignupSettings,
  type SignupUpdate,
} from '@sneakers/shared/contracts/settings';
import type { IdGenerator } from '@sneakers/shared/ids';
import { buildEvent, settingsChanged } from '@sneakers/events';

/** The single settings rows (spec section 3); the spec reads them as "single or none". */
export const COMING_SOON_ID = 'global';
export const SIGNUP_ID = 'global';

export type SettingsChangedEvent = ReturnType<typeof buildEvent<typeof settingsChanged.data>>;

export interface SettingsRepository {
  getComingSoon(): Promise<ComingSoonSettings | null>;
  /** Writes the row and its event atomically. */
  saveComingSoon(settings: ComingSoonSettings, event: SettingsChangedEvent): Promise<void>;
  getSignup(): Promise<SignupSettings | null>;
  saveSignup(settings: SignupSettings, event: SettingsChangedEvent): Promise<void>;
}

export interface SettingsDeps {
  repo: SettingsRepository;
  clock: Clock;
  ids: IdGenerator;
}

export function getComingSoonSettings(deps: SettingsDeps): Promise<ComingSoonSettings | null> {
  return deps.repo.getComingSoon();
}

export async function updateComingSoonSettings(
  deps: SettingsDeps,
  actor: Actor,
  input: ComingSoonUpdate,
): Promise<ComingSoonSettings> {
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
  await deps.repo.saveComingSoon(next, event);
  return next;
}

/** Sign-up is open when no row exists (spec section 3). */
export async function getSignupSettings(deps: SettingsDeps): Promise<SignupSettings> {
  return (await deps.repo.getSignup()) ?? { id: null, isEnabled: true, subtitle: null, updatedAt: null };
}

export async function updateSignupSettings(
  deps: SettingsDeps,
  actor: Actor,
  input: SignupUpdate,
): Promise<SignupSettings> {
  const user = requireSuperuser(actor);
  const now = deps.clock.now().toISOString();
  const current = await getSignupSettings(deps);
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
  await deps.repo.saveSignup(next, event);
  return next;
}
