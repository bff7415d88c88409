import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import { addDays, DAY_MS, type Clock } from '@sneakers/shared/clock';
import {
  TRIAL_DAYS,
  type AVATAR_CONTENT_TYPES,
  type ProfileCreate,
  type ProfileUpdate,
  type UserProfile,
} from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import { BadRequestError, ForbiddenError, NotFoundError } from '@sneakers/shared/errors';

/**
 * The user profile (spec sections 3, 4, 6 and 9): one row per user, keyed by the
 * verified user id. `trialDaysLeft` is not stored: it is derived from the clock on read.
 */
export type ProfileRecord = Omit<UserProfile, 'trialDaysLeft'>;

/** A parsed update: what the contract's schema outputs (roles already normalised). */
export type ProfileChanges = Partial<
  Omit<ProfileRecord, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'isSuperuser' | 'trialEndsAt'>
>;

export interface ProfileRepository {
  get(userId: string): Promise<ProfileRecord | null>;
  /** Conditional create: false when a profile for the user already exists. */
  create(profile: ProfileRecord): Promise<boolean>;
  /** Updates an existing row only; null when there is none. */
  update(userId: string, changes: ProfileChanges, updatedAt: string): Promise<ProfileRecord | null>;
}

/** The uploads bucket, as the avatar use cases need it. */
export interface AvatarStorage {
  presignPut(input: {
    key: string;
    contentType: string;
    size: number;
    cacheControl: string;
    expiresInSeconds: number;
  }): Promise<{ url: string; headers: Record<string, string> }>;
  exists(key: string): Promise<boolean>;
  publicUrl(key: string): string;
}

export interface ProfileDeps {
  profiles: ProfileRepository;
  clock: Clock;
}

export interface AvatarDeps extends ProfileDeps {
  storage: AvatarStorage;
}

export const AVATAR_UPLOAD_EXPIRES_SECONDS = 300;
export const AVATAR_CACHE_CONTROL = 'max-age=3600';

const EXTENSIONS: Record<(typeof AVATAR_CONTENT_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** Whole days left in the trial, rounded up, never below 0 (spec section 4). */
export function trialDaysLeft(trialEndsAt: string, now: Date): number {
  const left = Date.parse(trialEndsAt) - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

export function toUserProfile(record: ProfileRecord, now: Date): UserProfile {
  return { ...record, trialDaysLeft: trialDaysLeft(record.trialEndsAt, now) };
}

/** 'consignor' is a synonym of 'reseller' (spec section 6); the contract already maps it. */
export function normaliseRole(role: string): 'store' | 'reseller' {
  return role === 'store' ? 'store' : 'reseller';
}

function profileNotFound() {
  return new NotFoundError('Profile not found', 'PROFILE_NOT_FOUND');
}

/** The row a new account starts with: a 14-day trial, notifications on (spec 4, 9). */
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
    publicInventory: false,
    profileVisibleInDeals: true,
    publicWtbList: input.publicWtbList,
    publicWtsList: input.publicWtsList,
    publicWtcList: false,
    emailNotifications: true,
    pushNotifications: true,
    createdAt: at,
    updatedAt: at,
  };
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
  if (await deps.profiles.create(record)) return { profile: toUserProfile(record, now), created: true };
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

/** A presigned PUT for `avatars/{userId}/{timestamp}.{ext}` (spec section 7, Avatar). */
export async function createAvatarUpload(
  deps: AvatarDeps,
  actor: Actor,
  input: { contentType: (typeof AVATAR_CONTENT_TYPES)[number]; size: number },
) {
  const user = requireWriter(actor);
  const key = `avatars/${user.userId}/${deps.clock.now().getTime()}.${EXTENSIONS[input.contentType]}`;
  const { url, headers } = await deps.storage.presignPut({
    key,
    contentType: input.contentType,
    size: input.size,
    cacheControl: AVATAR_CACHE_CONTROL,
    expiresInSeconds: AVATAR_UPLOAD_EXPIRES_SECONDS,
  });
  return { key, uploadUrl: url, headers, expiresInSeconds: AVATAR_UPLOAD_EXPIRES_SECONDS };
}

export function avatarPrefix(userId: string): string {
  return `avatars/${userId}/`;
}

/** Points the caller's profile at an avatar the caller uploaded. */
export async function setMyAvatar(
  deps: AvatarDeps,
  actor: Actor,
  input: { key: string },
): Promise<UserProfile> {
  const user = requireWriter(actor);
  const prefix = avatarPrefix(user.userId);
  const rest = input.key.startsWith(prefix) ? input.key.slice(prefix.length) : '';
  if (!rest || rest.includes('/') || rest.includes('..'))
    throw new ForbiddenError('This image belongs to another user.', 'AVATAR_FORBIDDEN');
  if (!(await deps.storage.exists(input.key)))
    throw new BadRequestError('AVATAR_NOT_UPLOADED', 'The image has not been uploaded.');
  const now = deps.clock.now();
  const updated = await deps.profiles.update(
    user.userId,
    { avatarUrl: deps.storage.publicUrl(input.key) },
    now.toISOString(),
  );
  if (!updated) throw profileNotFound();
  return toUserProfile(updated, now);
}

/** The demo store's profile (spec section 3, "Demo data"). */
export async function getDemoProfile(deps: ProfileDeps): Promise<UserProfile> {
  const record = await deps.profiles.get(DEMO.userId);
  if (!record) throw profileNotFound();
  return toUserProfile(record, deps.clock.now());
}
