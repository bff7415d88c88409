import {
  createAvatarUpload as createAvatarUploadContract,
  setMyAvatar as setMyAvatarContract,
} from '@sneakers/shared/contracts/profiles';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { avatarDeps } from './deps';
import { createAvatarUpload, setMyAvatar } from './domain';

/** The avatar: a presigned upload, then the profile pointed at it. */
export const avatarRoutes: Route[] = [
  route(createAvatarUploadContract, async ({ actor, body }) => createAvatarUpload(avatarDeps(), actor, body)),
  route(
    setMyAvatarContract,
    async ({ actor, body }) => ({ profile: await setMyAvatar(avatarDeps(), actor, body) }),
    {
      status: 200,
    },
  ),
];
