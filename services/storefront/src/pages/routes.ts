import {
  renderStorefrontPage,
  renderStorefrontProductPage,
  renderStorefrontSitemap,
} from '@sneakers/shared/contracts/storefront';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { pagesDeps } from './deps';
import { limitPages, productPage, sitemapPage, storefrontPage, type Page } from './domain';

const answer = (page: Page, setStatus: (status: number) => void) => {
  if (page.status !== 200) setStatus(page.status);
  return page.body;
};

/** HTML and XML for search engines and link previews (the pipeline sets the type and caching). */
export const pageRoutes: Route[] = [
  route(renderStorefrontPage, async ({ params, sourceIp, setStatus }) => {
    const deps = pagesDeps();
    await limitPages(deps, sourceIp, params.storeId);
    return answer(await storefrontPage(deps, params.storeId), setStatus);
  }),
  route(renderStorefrontProductPage, async ({ params, sourceIp, setStatus }) => {
    const deps = pagesDeps();
    await limitPages(deps, sourceIp, params.storeId);
    return answer(await productPage(deps, params.storeId, params.productId), setStatus);
  }),
  route(renderStorefrontSitemap, async ({ params, sourceIp, setStatus }) => {
    const deps = pagesDeps();
    await limitPages(deps, sourceIp, params.storeId);
    return answer(await sitemapPage(deps, params.storeId), setStatus);
  }),
];
