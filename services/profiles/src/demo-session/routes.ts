import {
  getDemoProfile as getDemoProfileContract,
  startDemoSession as startDemoSessionContract,
} from '@sneakers/shared/contracts/profiles';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { profileDeps } from '../profiles/deps';
import { demoSessionDeps } from './deps';
import { getDemoProfile, startDemoSession } from './domain';

/** Try Demo: the demo store's profile and a session of the read-only demo identity. */
export const demoSessionRoutes: Route[] = [
  route(getDemoProfileContract, async () => ({ profile: await getDemoProfile(profileDeps()) })),
  route(startDemoSessionContract, async ({ sourceIp }) => startDemoSession(demoSessionDeps(), sourceIp), {
    status: 200,
  }),
];
