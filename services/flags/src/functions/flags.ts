import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { decisionRoutes } from '../decisions/routes';
import { accessRuleRoutes, flagRoutes } from '../flags/routes';
import { usageRoutes } from '../usage/routes';
import { userAccessRoutes } from '../user-access/routes';

/** flags: feature flags, grants, overrides and access rules; `Flags.Changed` goes out through the outbox. */
export const flagsFunction = defineFunction({
  name: 'flags',
  routes: [...flagRoutes, ...userAccessRoutes, ...accessRuleRoutes, ...decisionRoutes, ...usageRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(flagsFunction);
