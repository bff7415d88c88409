import { lazy } from '@sneakers/shared/runtime/function';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { publicDeps } from '../catalog/deps';
import type { PagesDeps } from './domain';
import { createTemplateSource } from './repository';

export const pagesDeps = lazy((): PagesDeps => {
  const appUrl = runtimeEnv().APP_URL?.replace(/\/$/, '');
  return {
    catalog: publicDeps(),
    template: createTemplateSource(appUrl ? `${appUrl}/store.html` : undefined),
    origin: () => appUrl ?? '',
  };
});
