import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { consignmentRoutes } from '../consignments/routes';
import { ibanRevealRoutes } from '../iban-reveals/routes';
import { providerRoutes } from '../providers/routes';
import { registrationRoutes } from '../registration/routes';

/** providers: the store's providers, their IBAN reveals, the registration link and page, and consignments. */
export const providersFunction = defineFunction({
  name: 'providers',
  routes: [...providerRoutes, ...ibanRevealRoutes, ...registrationRoutes, ...consignmentRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(providersFunction);
