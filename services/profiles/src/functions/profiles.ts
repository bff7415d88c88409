import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { ERASE_SERVICES } from '@sneakers/shared/contracts/portability';
import { accountRoutes } from '../account/routes';
import { avatarRoutes } from '../avatars/routes';
import { closureRoutes } from '../closure/routes';
import { closureSchedules } from '../closure/schedules';
import { demoSessionRoutes } from '../demo-session/routes';
import { passwordResetRoutes } from '../password-reset/routes';
import { profileRoutes } from '../profiles/routes';

/** profiles: the caller's profile and sign-in, its avatar, Try Demo and password reset by emailed link. */
export const profilesFunction = defineFunction({
  name: 'profiles',
  routes: [
    ...profileRoutes,
    ...accountRoutes,
    ...avatarRoutes,
    ...demoSessionRoutes,
    ...passwordResetRoutes,
    ...closureRoutes,
  ],
  consumers: [],
  // The deletion sweep of closed accounts: each owning domain erases its records.
  schedules: closureSchedules,
  access: {
    table: 'readWrite',
    sendsEmail: true,
    uploads: true,
    userPoolAdmin: true,
    accountDeletion: true,
    demoIdentity: true,
    invokes: [...ERASE_SERVICES],
  },
});

export const handler = createLambdaHandler(profilesFunction);
