import { defineFunction } from '@sneakers/shared/runtime/function';
import { settingsDeps } from './deps';
import { gateSignUp } from './domain/settings';
import { settingsRoutes } from './routes';

export const settingsService = defineFunction({
  name: 'settings',
  routes: settingsRoutes,
  consumers: [],
  cognitoTriggers: { preSignUp: (event) => gateSignUp(settingsDeps(), event) },
  access: { table: 'readWrite' },
});
