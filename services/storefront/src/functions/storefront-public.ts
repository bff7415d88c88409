import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/**
 * storefront-public: what a visitor reads (the storefront, product pages as JSON) and the
 * pages search engines and link previews read (HTML with the head and the first data, the
 * sitemap). Reads only; its own function so a crawl never competes with the set-up's writes.
 */
export const storefrontPublicFunction = defineFunction({
  name: 'storefront-public',
  routes: [],
  consumers: [],
  access: { table: 'read' },
});

export const handler = createLambdaHandler(storefrontPublicFunction);
