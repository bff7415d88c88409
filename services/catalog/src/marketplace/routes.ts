import {
  callMarketplace as callMarketplaceContract,
  createImport,
  listImports,
  refreshVariants,
  stepImport,
} from '@sneakers/shared/contracts/catalog';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { callMarketplace, refreshProductVariants } from './calls';
import { marketplaceDeps } from './deps';
import { createImportJob, listImportJobs, stepImportJob } from './imports';

/**
 * The marketplace test page's call, the refresh-variants modal and data population
 * (imports); the catalog service spreads these into its route table. The contracts
 * carry the gates (feature stockx_api_integration; superuserOnly); the use cases check
 * the actor again.
 */
export const marketplaceRoutes: Route[] = [
  route(callMarketplaceContract, ({ actor, body }) => callMarketplace(marketplaceDeps().call, actor, body), {
    status: 200,
  }),
  route(
    refreshVariants,
    ({ actor, params }) => refreshProductVariants(marketplaceDeps().refresh, actor, params.productId),
    { status: 200 },
  ),
  route(createImport, async ({ actor, body }) => ({
    job: await createImportJob(marketplaceDeps().imports, actor, body),
  })),
  route(
    stepImport,
    async ({ actor, params }) => ({
      job: await stepImportJob(marketplaceDeps().imports, actor, params.importId),
    }),
    { status: 200 },
  ),
  route(listImports, async ({ actor, query }) => {
    const page = await listImportJobs(marketplaceDeps().imports, actor, query);
    return { jobs: page.items, cursor: page.cursor };
  }),
];
