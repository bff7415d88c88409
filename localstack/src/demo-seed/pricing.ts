import {
  applyPricingRun,
  createPricingStrategy,
  listPricingStrategies,
  previewPricingStrategy,
  type PricingStrategyInput,
} from '@sneakers/shared/contracts/pricing';
import { DEMO_OWNER, invoke, seedKey } from './invoke';

/** "Beat the lowest ask by €5" over the lists, floor cost + 10%: left as a preview to look at. */
const BEAT_BY_FIVE: PricingStrategyInput = {
  name: 'Beat the lowest ask by €5',
  selection: { listTypes: ['wts', 'wtc', 'inventory'], brands: [], itemIds: [] },
  config: {
    rule: { kind: 'beat_lowest_ask', by: { mode: 'amount', cents: 500 } },
    market: 'both',
    guards: {
      floor: { kind: 'cost_plus', margin: { mode: 'percent', bps: 1000 } },
      ceiling: null,
      maxChange: { mode: 'percent', bps: 1500 },
      rounding: 'whole',
      noMarket: { kind: 'keep' },
    },
    channel: 'direct',
    fees: null,
  },
  target: 'list',
  schedule: 'off',
};

/** The inventory at 40% over cost after the online store's fees: applied once, so it has history. */
const INVENTORY_MARGIN: PricingStrategyInput = {
  name: 'Inventory: 40% over cost, net',
  selection: { listTypes: ['inventory'], brands: [], itemIds: [] },
  config: {
    rule: { kind: 'margin_over_cost', margin: { mode: 'percent', bps: 4000 }, net: true },
    market: 'marketplace',
    guards: {
      floor: null,
      ceiling: 40_000,
      maxChange: null,
      rounding: 'ninety_nine',
      noMarket: { kind: 'keep' },
    },
    channel: 'storefront',
    fees: null,
  },
  target: 'list',
  schedule: 'off',
};

/** Auto mode, daily, between the highest bid and the lowest ask (never run in the demo: it is read-only). */
const NIGHTLY_WTS: PricingStrategyInput = {
  name: 'Nightly WTS: between bid and ask',
  selection: { listTypes: ['wts'], brands: [], itemIds: [] },
  config: {
    rule: { kind: 'between_bid_ask', position: 60 },
    market: 'both',
    guards: {
      floor: { kind: 'amount', cents: 9_000 },
      ceiling: 35_000,
      maxChange: { mode: 'amount', cents: 2_000 },
      rounding: 'five',
      noMarket: { kind: 'keep' },
    },
    channel: 'marketplace',
    fees: null,
  },
  target: 'list',
  schedule: 'daily',
};

/**
 * Try Demo's pricing strategies (see README.md in this folder): three strategies (one in auto
 * mode, daily), an applied run of the inventory margin with its price history on the demo
 * inventory, and a preview of "beat the lowest ask" over every list, written through the
 * domain's own routes after the demo items. Skipped when the demo store has any strategy.
 */
export async function seedDemoPricing(): Promise<boolean> {
  const { strategies } = await invoke(listPricingStrategies, DEMO_OWNER);
  if (strategies.length > 0) return false;
  const create = async (input: PricingStrategyInput, name: string) =>
    (await invoke(createPricingStrategy, DEMO_OWNER, { body: input, headers: seedKey(`pricing-${name}`) }))
      .strategy;
  const margin = await create(INVENTORY_MARGIN, 'inventory-margin');
  const beat = await create(BEAT_BY_FIVE, 'beat-by-five');
  await create(NIGHTLY_WTS, 'nightly-wts');

  const { run } = await invoke(previewPricingStrategy, DEMO_OWNER, { params: { strategyId: margin.id } });
  await invoke(applyPricingRun, DEMO_OWNER, {
    params: { runId: run.id },
    body: { all: true, except: [] },
    headers: seedKey('pricing-apply-inventory-margin'),
  });
  await invoke(previewPricingStrategy, DEMO_OWNER, { params: { strategyId: beat.id } });
  return true;
}
