import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  createAvatarUpload,
  ValidationError,
  setMyAvatar,
  type ApiCall,
  type UserProfile,
} from '@sneakers/shared';

/**
 * Avatar upload (docs/product/profile-and-settings.md#avatar-upload): a presigned PUT from the API, the file PUT with the
 * returned headers, then the profile pointed at the new key. Returns the updated profile.
 */
export async function uploadAvatar(
  api: ApiCall,
  file: File,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<UserProfile> {
  const contentType = AVATAR_CONTENT_TYPES.find((type) => type === file.type);
  // The server would refuse it the same way (contract createAvatarUpload); callers show one toast for both.
  if (!contentType) throw new ValidationError('Please select an image file');
  const upload = await api(createAvatarUpload, { body: { contentType, size: file.size } });
  const response = await fetchImpl(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: file });
  if (!response.ok) throw new Error(`Avatar upload answered ${response.status}`);
  return (await api(setMyAvatar, { body: { key: upload.key } })).profile;
}

export type AvatarProblem = { title: string; text: string } | null;

/** Avatar: an image of at most 5 MB (docs/product/profile-and-settings.md#avatar-upload); i18n keys of the error toast. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): AvatarProblem {
  if (!file.type.startsWith('image/'))
    return { title: 'onboarding.avatar.invalidTitle', text: 'onboarding.avatar.invalidText' };
  if (file.size > AVATAR_MAX_BYTES)
    return { title: 'onboarding.avatar.tooLargeTitle', text: 'onboarding.avatar.tooLargeText' };
  return null;
}
