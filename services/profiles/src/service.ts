import { defineFunction } from '@sneakers/shared/runtime/function';
import { profilesRoutes } from './routes';

export const profilesService = defineFunction({
  name: 'profiles',
  routes: profilesRoutes,
  consumers: [],
  access: { table: 'readWrite', sendsEmail: true, uploads: true, userPoolAdmin: true, demoIdentity: true },
});
