import {
  createPricingStrategy,
  deletePricingStrategy,
  getPricingStrategy,
  listPricingStrategies,
  updatePricingStrategy,
} from '@sneakers/shared/contracts/pricing';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { strategiesDeps } from './deps';
import { createStrategy, deleteStrategy, getStrategy, listStrategies, updateStrategy } from './domain';

/** The strategies routes: CDK declares them and the local gateway serves them. */
export const strategiesRoutes: Route[] = [
  route(listPricingStrategies, async ({ actor }) => ({
    strategies: await listStrategies(strategiesDeps(), actor),
  })),
  route(createPricingStrategy, async ({ actor, headers, body, setStatus }) => {
    const { strategy, created } = await createStrategy(strategiesDeps(), actor, headers, body);
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { strategy };
  }),
  route(getPricingStrategy, async ({ actor, params }) => ({
    strategy: await getStrategy(strategiesDeps(), actor, params.strategyId),
  })),
  route(updatePricingStrategy, async ({ actor, params, body }) => ({
    strategy: await updateStrategy(strategiesDeps(), actor, params.strategyId, body),
  })),
  route(deletePricingStrategy, async ({ actor, params }) => {
    await deleteStrategy(strategiesDeps(), actor, params.strategyId);
    return { deleted: true as const };
  }),
];
