import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { settingsDeps } from '../settings/deps';
import { gateSignUp } from '../settings/domain';
import { settingsRoutes } from '../settings/routes';

/** settings: the coming-soon and sign-up switches, and Cognito's PreSignUp trigger. */
export const settingsFunction = defineFunction({
  name: 'settings',
  routes: settingsRoutes,
  consumers: [],
  cognitoTriggers: { preSignUp: (event) => gateSignUp(settingsDeps(), event) },
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(settingsFunction);
