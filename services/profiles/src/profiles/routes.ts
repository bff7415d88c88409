import {
  createMyProfile as createMyProfileContract,
  getMyProfile as getMyProfileContract,
  updateMyProfile as updateMyProfileContract,
} from '@sneakers/shared/contracts/profiles';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { profileDeps } from './deps';
import { createMyProfile, getMyProfile, updateMyProfile } from './domain';

/** The caller's own profile: read, create once (onboarding), update. */
export const profileRoutes: Route[] = [
  route(getMyProfileContract, async ({ actor }) => ({ profile: await getMyProfile(profileDeps(), actor) })),
  route(createMyProfileContract, async ({ actor, body, setStatus }) => {
    const { profile, created } = await createMyProfile(profileDeps(), actor, body);
    // 201 when this call created it, 200 when a retry finds it already there.
    if (!created) setStatus(200);
    return { profile };
  }),
  route(updateMyProfileContract, async ({ actor, body }) => ({
    profile: await updateMyProfile(profileDeps(), actor, body),
  })),
];
