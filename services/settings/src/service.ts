import { defineService } from '@sneakers/shared/runtime/service';
import { settingsDeps } from './deps';
import { gateSignUp } from './domain/settings';
import { settingsRoutes } from './routes';

export const settingsService = defineService({
  name: 'settings',
  routes: settingsRoutes,
  consumers: [],
  cognitoTriggers: { preSignUp: (event) => gateSignUp(settingsDeps(), event) },
  access: { table: 'readWrite' },
});
