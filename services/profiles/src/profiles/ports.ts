import type { buildEvent, profileCreated } from '@sneakers/events';
import type { Clock } from '@sneakers/shared/clock';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ProfileItem } from './profile-entity';

/**
 * The user profile (docs/product/profile-and-settings.md#profile-record): one row per user,
 * keyed by the verified user id, as the entity declares it, absent attributes as null.
 * `trialDaysLeft` is not stored: it is derived from the clock on read.
 */
export type ProfileRecord = RecordOf<ProfileItem>;

/** A parsed update: what the contract's schema outputs (roles already normalised). */
export type ProfileChanges = Partial<
  Omit<ProfileRecord, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'isSuperuser' | 'trialEndsAt'>
>;

/** Profile.Created, written in the create's transaction (the welcome email comes from it). */
export type ProfileCreatedEvent = ReturnType<typeof buildEvent<typeof profileCreated.data>>;

export interface ProfileRepository {
  get(userId: string): Promise<ProfileRecord | null>;
  /**
   * Conditional create: false when a profile for the user already exists. With an event,
   * the row and the event commit together or not at all.
   */
  create(profile: ProfileRecord, event?: ProfileCreatedEvent): Promise<boolean>;
  /** Updates an existing row only; null when there is none. */
  update(userId: string, changes: ProfileChanges, updatedAt: string): Promise<ProfileRecord | null>;
}

export interface ProfileDeps {
  profiles: ProfileRepository;
  clock: Clock;
}
