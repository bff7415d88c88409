import { defineService } from '@sneakers/shared/runtime/service';
import { profilesRoutes } from './routes';

export const profilesService = defineService({
  name: 'profiles',
  routes: profilesRoutes,
  consumers: [],
  access: { table: 'readWrite', sendsEmail: true, uploads: true, userPoolAdmin: true, demoIdentity: true },
});
