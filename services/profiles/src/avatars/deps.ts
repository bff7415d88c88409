import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { profileDeps } from '../profiles/deps';
import { createAvatarStorage } from './avatar-storage';
import type { AvatarDeps } from './ports';

/** The profile's deps and the uploads bucket (UPLOADS_BUCKET, MEDIA_BASE_URL), on first use. */
export const avatarDeps = lazy((): AvatarDeps => ({
  ...profileDeps(),
  storage: createAvatarStorage(runtimeEnv()),
}));
