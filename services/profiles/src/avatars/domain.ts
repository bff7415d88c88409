import { requireWriter, type Actor } from '@sneakers/shared/actor';
import type { AVATAR_CONTENT_TYPES, UserProfile } from '@sneakers/shared/contracts/profiles';
import { BadRequestError, ForbiddenError } from '@sneakers/shared/errors';
import { profileNotFound, toUserProfile } from '../profiles/domain';
import type { AvatarDeps } from './ports';

/**
 * The avatar (docs/product/profile-and-settings.md#avatar-upload): a presigned upload into the
 * caller's own prefix of the uploads bucket, then the profile pointed at it.
 */
export const AVATAR_UPLOAD_EXPIRES_SECONDS = 300;
export const AVATAR_CACHE_CONTROL = 'max-age=3600';

const EXTENSIONS: Record<(typeof AVATAR_CONTENT_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** A presigned PUT for `avatars/{userId}/{timestamp}.{ext}`. */
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
