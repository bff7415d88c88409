import { buildEvent, profileCreated } from '@sneakers/events';
import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import { addDays, DAY_MS } from '@sneakers/shared/clock';
import {
  EMAIL_KINDS,
  TRIAL_DAYS,
  type EmailKind,
  type ProfileCreate,
  type ProfileUpdate,
  type UserProfile,
} from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import { NotFoundError } from '@sneakers/shared/errors';
import { demoTrialEnd } from '@sneakers/shared/rules/subscription';
import type { ProfileChanges, ProfileCreatedEvent, ProfileDeps, ProfileRecord } from './ports';

/** Whole days left in the trial, rounded up, never below 0 (docs/product/profile-and-settings.md#subscription-status). */
export function trialDaysLeft(trialEndsAt: string, now: Date): number {
  const left = Date.parse(trialEndsAt) - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

const isEmailKind = (kind: string): kind is EmailKind => (EMAIL_KINDS as readonly string[]).includes(kind);

export function toUserProfile(record: ProfileRecord, now: Date): UserProfile {
  // The demo store's trial never runs out, whenever it was seeded (docs/product/demo-mode.md).
  const trialEndsAt =
    record.userId === DEMO.userId ? demoTrialEnd(record.trialEndsAt, now) : record.trialEndsAt;
  return {
    ...record,
    trialEndsAt,
    mutedEmails: (record.mutedEmails ?? []).filter(isEmailKind),
    trialDaysLeft: trialDaysLeft(trialEndsAt, now),
  };
}

/** 'consignor' is a synonym of 'reseller' (docs/product/feature-flags-and-access.md#roles); the contract already maps it. */
export function normaliseRole(role: string): 'store' | 'reseller' {
  return role === 'store' ? 'store' : 'reseller';
}

export function profileNotFound() {
  return new NotFoundError('Profile not found', 'PROFILE_NOT_FOUND');
}

/**
 * The row a new account starts with: a 14-day trial, notifications on
 * (docs/product/profile-and-settings.md#profile-record).
 */
export function newProfile(user: UserActor, input: ProfileCreate, now: Date): ProfileRecord {
  const at = now.toISOString();
  return {
    id: user.userId,
    userId: user.userId,
    role: normaliseRole(input.role),
    businessName: input.businessName,
    contactEmail: input.contactEmail,
    phone: input.phone,
    preferredContact: input.preferredContact,
    instagramHandle: input.instagramHandle || null,
    discord: input.discord || null,
    location: input.location,
    avatarUrl: null,
    currency: input.currency,
    language: input.language,
    onboardingCompleted: true,
    subscriptionStatus: 'trial',
    subscriptionPlan: 'trial',
    // From the verified token only, never from the request.
    isSuperuser: user.isSuperuser,
    trialEndsAt: addDays(now, TRIAL_DAYS).toISOString(),
    pastDueSince: null,
    closingSince: null,
    publicInventory: false,
    profileVisibleInDeals: true,
    publicWtbList: input.publicWtbList,
    publicWtsList: input.publicWtsList,
    publicWtcList: false,
    emailNotifications: true,
    mutedEmails: [],
    pushNotifications: true,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Profile.Created for a new profile: what the welcome email needs. Its id is derived from the
 * user id, so whatever the retries a user is welcomed once
 * (docs/product/notifications-and-emails.md#welcome-email).
 */
export function profileCreatedEvent(record: ProfileRecord): ProfileCreatedEvent {
  return buildEvent(
    profileCreated,
    {
      userId: record.userId,
      role: record.role,
      businessName: record.businessName,
      contactEmail: record.contactEmail,
      language: record.language,
      trialEndsAt: record.trialEndsAt,
    },
    { eventId: `profile-created.${record.userId}`, occurredAt: record.createdAt },
  );
}

export async function getMyProfile(deps: ProfileDeps, actor: Actor): Promise<UserProfile | null> {
  const user = requireUser(actor);
  const record = await deps.profiles.get(user.userId);
  return record ? toUserProfile(record, deps.clock.now()) : null;
}

/**
 * Creates the caller's profile once. A retry (or a concurrent duplicate) finds the
 * conditional create refused and gets the profile that exists, unchanged.
 */
export async function createMyProfile(
  deps: ProfileDeps,
  actor: Actor,
  input: ProfileCreate,
): Promise<{ profile: UserProfile; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const record = newProfile(user, input, now);
  if (await deps.profiles.create(record, profileCreatedEvent(record)))
    return { profile: toUserProfile(record, now), created: true };
  const existing = await deps.profiles.get(user.userId);
  if (!existing) throw new Error(`Profile of ${user.userId} refused creation but does not exist`);
  return { profile: toUserProfile(existing, now), created: false };
}

/** Only ever the caller's own row: the id comes from the token, never from the request. */
export async function updateMyProfile(
  deps: ProfileDeps,
  actor: Actor,
  input: ProfileUpdate,
): Promise<UserProfile> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const changes: ProfileChanges = {};
  for (const [key, value] of Object.entries(input) as [keyof ProfileUpdate, unknown][]) {
    if (value === undefined) continue;
    // Optional texts cleared with '' or null are stored as null.
    (changes as Record<string, unknown>)[key] =
      (key === 'instagramHandle' || key === 'discord') && !value ? null : value;
  }
  const updated = await deps.profiles.update(user.userId, changes, now.toISOString());
  if (!updated) throw profileNotFound();
  return toUserProfile(updated, now);
}
