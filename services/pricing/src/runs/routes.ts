import {
  applyPricingRun,
  getPricingRun,
  listItemPriceHistory,
  listPricingRunRows,
  listPricingRuns,
  previewPricingStrategy,
  undoPricingRun,
} from '@sneakers/shared/contracts/pricing';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { runsDeps } from './deps';
import { applyRun, getRun, listItemHistory, listRunRows, listRuns, previewStrategy, undoRun } from './domain';

/** The runs routes: preview, the run history and its rows, apply, undo, an item's price history. */
export const runsRoutes: Route[] = [
  route(previewPricingStrategy, async ({ actor, params }) => ({
    run: await previewStrategy(runsDeps(), actor, params.strategyId),
  })),
  route(listPricingRuns, async ({ actor, query }) => {
    const page = await listRuns(runsDeps(), actor, query);
    return { runs: page.items, cursor: page.cursor };
  }),
  route(getPricingRun, async ({ actor, params }) => ({ run: await getRun(runsDeps(), actor, params.runId) })),
  route(listPricingRunRows, async ({ actor, params, query }) => {
    const page = await listRunRows(runsDeps(), actor, params.runId, query);
    return { rows: page.items, cursor: page.cursor };
  }),
  // Apply and undo change existing rows: 200, whether first or replayed.
  route(
    applyPricingRun,
    async ({ actor, headers, params, body }) => applyRun(runsDeps(), actor, headers, params.runId, body),
    { status: 200 },
  ),
  route(
    undoPricingRun,
    async ({ actor, headers, params }) => undoRun(runsDeps(), actor, headers, params.runId),
    {
      status: 200,
    },
  ),
  route(listItemPriceHistory, async ({ actor, params, query }) => {
    const page = await listItemHistory(runsDeps(), actor, params.itemId, query);
    return { changes: page.items, cursor: page.cursor };
  }),
];
