import type { auditItem } from '@sneakers/shared/audit/audit-item';
import type { Clock } from '@sneakers/shared/clock';
import type { ComingSoonSettings, SignupSettings } from '@sneakers/shared/contracts/settings';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { buildEvent, settingsChanged } from '@sneakers/events';

/** The single settings rows (docs/product/landing-and-coming-soon.md#settings): each is read as "single or none". */
export const COMING_SOON_ID = 'global';
export const SIGNUP_ID = 'global';

export type SettingsChangedEvent = ReturnType<typeof buildEvent<typeof settingsChanged.data>>;
/** The audit log entry of a change (shared/src/audit), written in the change's transaction. */
export type SettingsAuditItem = ReturnType<typeof auditItem>;

export interface SettingsRepository {
  getComingSoon(): Promise<ComingSoonSettings | null>;
  /** Writes the row, its event and its audit entry atomically. */
  saveComingSoon(
    settings: ComingSoonSettings,
    event: SettingsChangedEvent,
    audit: SettingsAuditItem,
  ): Promise<void>;
  getSignup(): Promise<SignupSettings | null>;
  saveSignup(settings: SignupSettings, event: SettingsChangedEvent, audit: SettingsAuditItem): Promise<void>;
}

export interface SettingsDeps {
  repo: SettingsRepository;
  clock: Clock;
  ids: IdGenerator;
}
