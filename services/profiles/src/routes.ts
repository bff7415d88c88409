import {
  checkPasswordReset as checkPasswordResetContract,
  confirmPasswordReset as confirmPasswordResetContract,
  createAvatarUpload as createAvatarUploadContract,
  createMyProfile as createMyProfileContract,
  getDemoProfile as getDemoProfileContract,
  getMyProfile as getMyProfileContract,
  requestPasswordReset as requestPasswordResetContract,
  setMyAvatar as setMyAvatarContract,
  startDemoSession as startDemoSessionContract,
  updateMyProfile as updateMyProfileContract,
} from '@sneakers/shared/contracts/profiles';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { avatarDeps, demoSessionDeps, profileDeps, resetDeps } from './deps';
import { startDemoSession } from './domain/demo-session';
import { checkPasswordReset, confirmPasswordReset, requestPasswordReset } from './domain/password-reset';
import {
  createAvatarUpload,
  createMyProfile,
  getDemoProfile,
  getMyProfile,
  setMyAvatar,
  updateMyProfile,
} from './domain/profile';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const profilesRoutes: Route[] = [
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
  route(createAvatarUploadContract, async ({ actor, body }) => createAvatarUpload(avatarDeps(), actor, body)),
  route(
    setMyAvatarContract,
    async ({ actor, body }) => ({ profile: await setMyAvatar(avatarDeps(), actor, body) }),
    {
      status: 200,
    },
  ),
  route(getDemoProfileContract, async () => ({ profile: await getDemoProfile(profileDeps()) })),
  route(startDemoSessionContract, async ({ sourceIp }) => startDemoSession(demoSessionDeps(), sourceIp), {
    status: 200,
  }),
  route(
    requestPasswordResetContract,
    async ({ body }) => {
      await requestPasswordReset(resetDeps(), body);
      return { sent: true as const };
    },
    { status: 202 },
  ),
  route(checkPasswordResetContract, async ({ params }) => checkPasswordReset(resetDeps(), params.token)),
  route(
    confirmPasswordResetContract,
    async ({ params, body }) => {
      await confirmPasswordReset(resetDeps(), params.token, body);
      return { updated: true as const };
    },
    { status: 200 },
  ),
];
