import {
  getProviderRegistration,
  getProviderRegistrationLink,
  rotateProviderRegistrationLink,
  submitProviderRegistration,
} from '@sneakers/shared/contracts/providers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { registrationDeps } from './deps';
import { getRegistration, getRegistrationLink, rotateRegistrationLink, submitRegistration } from './domain';

/** The store's registration link and the public registration page: CDK declares these routes. */
export const registrationRoutes: Route[] = [
  route(getProviderRegistrationLink, async ({ actor }) => getRegistrationLink(registrationDeps(), actor)),
  route(
    rotateProviderRegistrationLink,
    async ({ actor }) => rotateRegistrationLink(registrationDeps(), actor),
    {
      status: 200,
    },
  ),
  route(getProviderRegistration, async ({ params }) => getRegistration(registrationDeps(), params)),
  // 200, not 201: a repeated email answers the same and creates nothing.
  route(
    submitProviderRegistration,
    async ({ sourceIp, params, body }) => submitRegistration(registrationDeps(), sourceIp, params, body),
    { status: 200 },
  ),
];
