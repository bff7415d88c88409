import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { catalogRoutes } from '../catalog/routes';
import { pageRoutes } from '../pages/routes';

/**
 * storefront-public: what a visitor reads (the storefront, product pages as JSON) and the
 * pages search engines and link previews read (HTML with the head and the first data, the
 * sitemap). Its own function so a crawl never competes with the set-up's writes; it writes
 * only the per-visitor rate-limit slots.
 */
export const storefrontPublicFunction = defineFunction({
  name: 'storefront-public',
  routes: [...catalogRoutes, ...pageRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storefrontPublicFunction);
