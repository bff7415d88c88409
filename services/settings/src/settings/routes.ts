import {
  getComingSoonSettings as getComingSoonContract,
  getSignupSettings as getSignupContract,
  updateComingSoonSettings as updateComingSoonContract,
  updateSignupSettings as updateSignupContract,
} from '@sneakers/shared/contracts/settings';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { settingsDeps } from './deps';
import {
  getComingSoonSettings,
  getSignupSettings,
  updateComingSoonSettings,
  updateSignupSettings,
} from './domain';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const settingsRoutes: Route[] = [
  route(getComingSoonContract, async () => ({ settings: await getComingSoonSettings(settingsDeps()) })),
  route(updateComingSoonContract, async ({ actor, body }) => ({
    settings: await updateComingSoonSettings(settingsDeps(), actor, body),
  })),
  route(getSignupContract, async () => ({ settings: await getSignupSettings(settingsDeps()) })),
  route(updateSignupContract, async ({ actor, body }) => ({
    settings: await updateSignupSettings(settingsDeps(), actor, body),
  })),
];
