import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MAX_CENTS } from '../src/contracts/fields';
import {
  NEW_STRATEGY_CONFIG,
  PRICING_CHANNELS,
  PRICING_MARKET_SOURCES,
  PRICING_MAX_BPS,
  PRICING_ROUNDINGS,
  pricingConfigSchema,
  type PricingConfig,
  type PricingFloor,
  type PricingRule,
  type PricingStep,
} from '../src/contracts/pricing-values';
import {
  feeAt,
  feesOf,
  PRICING_MIN_PRICE,
  PRICING_STALE_AFTER_MS,
  priceFor,
  pricingNetworkNeed,
  stepOf,
  type PricingInputs,
} from '../src/rules/pricing';

/**
 * The pricing engine (docs/product/pricing-strategies.md#how-a-price-is-computed): properties
 * over arbitrary strategies and inputs, then examples of each rule, rounding, staleness, the
 * no-market fallbacks and the warnings.
 */

const NOW = '2026-11-28T12:00:00.000Z';
const HOUR = 3_600_000;

// Mostly sneaker prices (up to €5,000), sometimes anything the contract allows.
const cents = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 500_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: MAX_CENTS }) },
);
const bps = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 3_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: PRICING_MAX_BPS }) },
);
const step: fc.Arbitrary<PricingStep> = fc.oneof(
  fc.record({ mode: fc.constant('amount' as const), cents }),
  fc.record({ mode: fc.constant('percent' as const), bps }),
);
const rule: fc.Arbitrary<PricingRule> = fc.oneof(
  fc.record({ kind: fc.constant('beat_lowest_ask' as const), by: step }),
  fc.record({ kind: fc.constant('match_lowest_ask' as const) }),
  fc.record({ kind: fc.constant('between_bid_ask' as const), position: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('sell_faster' as const) }),
  fc.record({ kind: fc.constant('earn_more' as const) }),
  fc.record({ kind: fc.constant('margin_over_cost' as const), margin: step, net: fc.boolean() }),
  fc.record({ kind: fc.constant('fixed' as const), price: cents }),
);
const floor: fc.Arbitrary<PricingFloor | null> = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('amount' as const), cents }),
    fc.record({ kind: fc.constant('cost_plus' as const), margin: step }),
  ),
);
const config: fc.Arbitrary<PricingConfig> = fc.record({
  rule,
  market: fc.constantFrom(...PRICING_MARKET_SOURCES),
  guards: fc.record({
    floor,
    ceiling: fc.option(cents),
    maxChange: fc.option(step),
    rounding: fc.constantFrom(...PRICING_ROUNDINGS),
    noMarket: fc.oneof(
      fc.record({ kind: fc.constant('keep' as const) }),
      fc.record({ kind: fc.constant('fixed' as const), price: cents }),
      fc.record({ kind: fc.constant('cost_plus' as const), margin: step }),
    ),
  }),
  channel: fc.constantFrom(...PRICING_CHANNELS),
  fees: fc.option(fc.record({ bps, fixedCents: fc.integer({ min: 0, max: 2_000 }) })),
});
const inputs: fc.Arbitrary<PricingInputs> = fc.record({
  currentPrice: fc.option(cents),
  cost: fc.option(cents),
  market: fc.option(
    fc.record({
      lowestAsk: fc.option(cents),
      highestBid: fc.option(cents),
      sellFaster: fc.option(cents),
      earnMore: fc.option(cents),
      refreshedAt: fc
        .integer({ min: -2 * PRICING_STALE_AFTER_MS, max: HOUR })
        .map((ago) => new Date(Date.parse(NOW) - ago).toISOString()),
    }),
  ),
  network: fc.option(fc.record({ bestAsk: fc.option(cents), bestBid: fc.option(cents) })),
  now: fc.constant(NOW),
});

/** The band the guard rails define: [low, high] (the floor wins over the ceiling; never under one cent). */
function bandOf(c: PricingConfig, cost: number | null): { low: number; high: number } {
  const f = c.guards.floor;
  const floorCents =
    f?.kind === 'amount'
      ? f.cents
      : f?.kind === 'cost_plus' && cost !== null
        ? cost + stepOf(f.margin, cost)
        : null;
  const ceiling =
    floorCents !== null && c.guards.ceiling !== null && floorCents > c.guards.ceiling
      ? null
      : c.guards.ceiling;
  const low = Math.min(Math.max(PRICING_MIN_PRICE, floorCents ?? PRICING_MIN_PRICE), MAX_CENTS);
  return { low, high: Math.max(low, Math.min(MAX_CENTS, ceiling ?? MAX_CENTS)) };
}

const RUNS = { numRuns: 3_000 };

describe('priceFor: properties', () => {
  it('generates only configurations the contract accepts', () => {
    fc.assert(
      fc.property(config, (c) => {
        expect(z.safeParse(pricingConfigSchema, c).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('sets an integer price within [floor, ceiling] (the floor when it is over the ceiling), never under one cent', () => {
    fc.assert(
      fc.property(config, inputs, (c, i) => {
        const { price } = priceFor(c, i);
        if (price === null) return;
        const { low, high } = bandOf(c, i.cost);
        expect(Number.isInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(Math.max(PRICING_MIN_PRICE, low));
        expect(price).toBeLessThanOrEqual(high);
      }),
      RUNS,
    );
  });

  it('moves at most the maximum change, unless the current price is outside the band: then to the band’s nearest edge at most', () => {
    fc.assert(
      fc.property(config, inputs, (c, i) => {
        const { price, warnings } = priceFor(c, i);
        const { maxChange } = c.guards;
        if (price === null || i.currentPrice === null || maxChange === null) return;
        const delta = stepOf(maxChange, i.currentPrice);
        const { low, high } = bandOf(c, i.cost);
        const current = i.currentPrice;
        if (current + delta < low) {
          expect(price).toBe(low);
          expect(warnings).toContain('hit_floor');
        } else if (current - delta > high) {
          expect(price).toBe(high);
          expect(warnings).toContain('hit_ceiling');
        } else expect(Math.abs(price - current)).toBeLessThanOrEqual(delta);
      }),
      RUNS,
    );
  });

  it('gives the same outcome for the same inputs', () => {
    fc.assert(
      fc.property(config, inputs, (c, i) => {
        expect(priceFor(c, structuredClone(i))).toEqual(priceFor(c, i));
      }),
      { numRuns: 500 },
    );
  });

  it('is a fixed point: run again on its own price, it keeps it (when the maximum change did not stop it)', () => {
    fc.assert(
      fc.property(config, inputs, (c, i) => {
        const first = priceFor(c, i);
        if (first.price === null || first.warnings.includes('limited_by_max_change')) return;
        const again = priceFor(c, { ...i, currentPrice: first.price });
        expect(again.price).toBe(first.price);
        expect(again.changed).toBe(false);
      }),
      RUNS,
    );
  });

  it('computes fees and the margin after fees in integer cents: price − fee − cost, exactly', () => {
    fc.assert(
      fc.property(config, inputs, (c, i) => {
        const outcome = priceFor(c, i);
        if (outcome.price === null) {
          expect([outcome.fees, outcome.marginAfterFees]).toEqual([null, null]);
          return;
        }
        const fee = feeAt(outcome.price, feesOf(c));
        expect(outcome.fees).toBe(fee);
        expect(Number.isInteger(fee)).toBe(true);
        expect(outcome.marginAfterFees).toBe(i.cost === null ? null : outcome.price - fee - i.cost);
        expect(outcome.warnings.includes('below_cost')).toBe(
          outcome.marginAfterFees !== null && outcome.marginAfterFees < 0,
        );
      }),
      RUNS,
    );
  });

  it('keeps at least the asked margin after fees for a net margin over cost, unless the ceiling or the maximum change cut it', () => {
    const netRule = fc.record({
      kind: fc.constant('margin_over_cost' as const),
      margin: step,
      net: fc.constant(true),
    });
    fc.assert(
      fc.property(config, netRule, inputs, cents, (c, r, i, cost) => {
        const outcome = priceFor({ ...c, rule: r }, { ...i, cost });
        if (outcome.decidedBy === 'ceiling' || outcome.decidedBy === 'max_change') return;
        expect(outcome.marginAfterFees).toBeGreaterThanOrEqual(stepOf(r.margin, cost));
      }),
      RUNS,
    );
  });
});

// ---- Examples ----

/** Beat the lowest ask by €5, floor cost + 10%, no rounding: a new strategy's configuration. */
const base: PricingConfig = NEW_STRATEGY_CONFIG;

function with_(
  over: Partial<Omit<PricingConfig, 'guards'>> & { guards?: Partial<PricingConfig['guards']> } = {},
): PricingConfig {
  return { ...base, ...over, guards: { ...base.guards, ...over.guards } };
}

function market(lowestAsk: number | null, more: Partial<NonNullable<PricingInputs['market']>> = {}) {
  return { lowestAsk, highestBid: null, sellFaster: null, earnMore: null, refreshedAt: NOW, ...more };
}

function run(c: PricingConfig, over: Partial<PricingInputs> = {}) {
  return priceFor(c, {
    currentPrice: 22_000,
    cost: 15_000,
    market: market(21_000),
    network: null,
    now: NOW,
    ...over,
  });
}

describe('priceFor: rules', () => {
  it('beats the lowest ask by €5, with a floor of cost + 10%', () => {
    expect(run(base)).toMatchObject({
      price: 20_500,
      changed: true,
      decidedBy: 'rule',
      input: { name: 'lowest_ask', value: 21_000 },
      marginAfterFees: 5_500,
      warnings: [],
    });
    expect(run(base, { market: market(16_000) })).toMatchObject({
      price: 16_500,
      decidedBy: 'floor',
      warnings: ['hit_floor'],
    });
  });

  it('beats by a percentage, matches, and takes the better of the marketplace and the network when asked', () => {
    const percent = with_({ rule: { kind: 'beat_lowest_ask', by: { mode: 'percent', bps: 500 } } });
    expect(run(percent, { market: market(20_000) }).price).toBe(19_000);
    const match = with_({ rule: { kind: 'match_lowest_ask' } });
    expect(run(match).price).toBe(21_000);
    const network = { bestAsk: 20_000, bestBid: 17_000 };
    expect(run({ ...match, market: 'both' }, { network })).toMatchObject({
      price: 20_000,
      input: { name: 'network_best_ask', value: 20_000 },
    });
    expect(run({ ...match, market: 'marketplace' }, { network }).price).toBe(21_000);
    expect(run({ ...match, market: 'network' }, { network, market: null }).price).toBe(20_000);
  });

  it('sits between the highest bid and the lowest ask', () => {
    const between = (position: number) => with_({ rule: { kind: 'between_bid_ask', position } });
    const m = market(21_000, { highestBid: 18_000 });
    expect(run(between(50), { market: m })).toMatchObject({ price: 19_500, input: { name: 'lowest_ask' } });
    expect(run(between(0), { market: m })).toMatchObject({ price: 18_000, input: { name: 'highest_bid' } });
    expect(run(between(100), { market: m }).price).toBe(21_000);
    // No bid: the rule cannot run; the no-market fallback keeps the price.
    expect(run(between(50))).toMatchObject({
      price: 22_000,
      decidedBy: 'keep',
      warnings: ['no_market_data'],
    });
  });

  it('takes the marketplace’s sell-faster and earn-more amounts', () => {
    const m = market(21_000, { sellFaster: 20_100, earnMore: 23_000 });
    expect(run(with_({ rule: { kind: 'sell_faster' } }), { market: m }).price).toBe(20_100);
    expect(run(with_({ rule: { kind: 'earn_more' } }), { market: m }).price).toBe(23_000);
  });

  it('adds a margin to the cost, gross or net of the channel’s fees', () => {
    const gross = with_({
      rule: { kind: 'margin_over_cost', margin: { mode: 'percent', bps: 2_000 }, net: false },
    });
    expect(run(gross, { cost: 10_000 })).toMatchObject({
      price: 12_000,
      input: { name: 'cost', value: 10_000 },
    });
    // Marketplace: 12% of the price. The lowest price keeping €20 after fees is €136.36 (fee €16.36).
    const net = with_({
      rule: { kind: 'margin_over_cost', margin: { mode: 'amount', cents: 2_000 }, net: true },
      channel: 'marketplace',
    });
    expect(run(net, { cost: 10_000 })).toMatchObject({ price: 13_636, fees: 1_636, marginAfterFees: 2_000 });
    // Storefront: 1.5% + €0.25.
    const store = { ...net, channel: 'storefront' as const };
    expect(run(store, { cost: 10_000 })).toMatchObject({ price: 12_208, fees: 208, marginAfterFees: 2_000 });
    expect(run(net, { cost: null })).toMatchObject({
      price: 22_000,
      decidedBy: 'keep',
      warnings: ['no_cost'],
    });
  });

  it('sets a fixed price', () => {
    expect(run(with_({ rule: { kind: 'fixed', price: 30_000 } }))).toMatchObject({
      price: 30_000,
      input: { name: 'fixed', value: 30_000 },
    });
  });
});

describe('priceFor: rounding', () => {
  const rounded = (rounding: PricingConfig['guards']['rounding'], ask: number) =>
    run(with_({ rule: { kind: 'match_lowest_ask' }, guards: { rounding, floor: null } }), {
      market: market(ask),
    }).price;

  it('rounds to .99, whole euros and fives, to the nearest (the lower on a tie)', () => {
    expect(rounded('ninety_nine', 20_520)).toBe(20_499);
    expect(rounded('ninety_nine', 20_560)).toBe(20_599);
    expect(rounded('whole', 20_549)).toBe(20_500);
    expect(rounded('whole', 20_550)).toBe(20_500);
    expect(rounded('whole', 20_551)).toBe(20_600);
    expect(rounded('five', 20_700)).toBe(20_500);
    expect(rounded('five', 20_800)).toBe(21_000);
    expect(rounded('none', 20_551)).toBe(20_551);
  });

  it('stays within the guard rails, leaving the price unrounded when no rounded price fits', () => {
    const c = with_({
      rule: { kind: 'match_lowest_ask' },
      guards: { floor: { kind: 'amount', cents: 20_560 }, ceiling: 20_590, rounding: 'whole' },
    });
    expect(run(c, { market: market(20_570) })).toMatchObject({ price: 20_570, warnings: ['not_rounded'] });
    const up = with_({
      rule: { kind: 'match_lowest_ask' },
      guards: { floor: { kind: 'amount', cents: 20_520 }, rounding: 'whole' },
    });
    expect(run(up, { market: market(20_530) }).price).toBe(20_600);
  });

  it('rounds a margin over cost up, so the margin holds', () => {
    const c = with_({
      rule: { kind: 'margin_over_cost', margin: { mode: 'amount', cents: 2_010 }, net: false },
      guards: { floor: null, rounding: 'whole' },
    });
    expect(run(c, { cost: 10_000 }).price).toBe(12_100);
  });

  it('does not round a kept price', () => {
    const c = with_({ guards: { rounding: 'five', noMarket: { kind: 'keep' } } });
    expect(run(c, { market: null, currentPrice: 21_234 })).toMatchObject({
      price: 21_234,
      changed: false,
      decidedBy: 'keep',
    });
  });
});

describe('priceFor: market data, fallbacks and warnings', () => {
  it('flags market data older than a day as stale, only for rules that read it', () => {
    const old = new Date(Date.parse(NOW) - PRICING_STALE_AFTER_MS - 1).toISOString();
    const recent = new Date(Date.parse(NOW) - PRICING_STALE_AFTER_MS + HOUR).toISOString();
    expect(run(base, { market: market(21_000, { refreshedAt: old }) }).warnings).toEqual([
      'stale_market_data',
    ]);
    expect(run(base, { market: market(21_000, { refreshedAt: recent }) }).warnings).toEqual([]);
    const fixed = with_({ rule: { kind: 'fixed', price: 30_000 } });
    expect(run(fixed, { market: market(21_000, { refreshedAt: old }) }).warnings).toEqual([]);
    expect(
      run(
        { ...base, market: 'network' },
        { market: market(21_000, { refreshedAt: old }), network: { bestAsk: 21_000, bestBid: null } },
      ).warnings,
    ).toEqual([]);
  });

  it('falls back when there is no market data: keep, a fixed price, or cost plus a margin', () => {
    const noMarket = (fallback: PricingConfig['guards']['noMarket']) =>
      with_({ guards: { noMarket: fallback } });
    expect(run(noMarket({ kind: 'keep' }), { market: null })).toMatchObject({
      price: 22_000,
      changed: false,
      decidedBy: 'keep',
      warnings: ['no_market_data'],
    });
    expect(run(noMarket({ kind: 'fixed', price: 25_000 }), { market: null })).toMatchObject({
      price: 25_000,
      decidedBy: 'no_market',
    });
    expect(
      run(noMarket({ kind: 'cost_plus', margin: { mode: 'percent', bps: 3_000 } }), { market: market(null) }),
    ).toMatchObject({ price: 19_500, decidedBy: 'no_market', input: { name: 'cost', value: 15_000 } });
    expect(
      run(noMarket({ kind: 'cost_plus', margin: { mode: 'percent', bps: 3_000 } }), {
        market: null,
        cost: null,
      }),
    ).toMatchObject({ price: 22_000, decidedBy: 'keep', warnings: ['no_market_data', 'no_cost'] });
    expect(run(noMarket({ kind: 'keep' }), { market: null, currentPrice: null })).toMatchObject({
      price: null,
      changed: false,
      warnings: ['no_market_data', 'no_price'],
    });
  });

  it('warns at the ceiling, at the maximum change, under cost, and when the floor is over the ceiling', () => {
    expect(run(with_({ guards: { ceiling: 20_000 } }))).toMatchObject({
      price: 20_000,
      decidedBy: 'ceiling',
      warnings: ['hit_ceiling'],
    });
    expect(
      run(with_({ guards: { maxChange: { mode: 'amount', cents: 1_000 } } }), { market: market(15_000) }),
    ).toMatchObject({
      price: 21_000,
      decidedBy: 'max_change',
      warnings: ['limited_by_max_change'],
    });
    expect(run(with_({ guards: { floor: null } }), { market: market(12_000) })).toMatchObject({
      price: 11_500,
      marginAfterFees: -3_500,
      warnings: ['below_cost'],
    });
    expect(
      run(with_({ guards: { floor: { kind: 'amount', cents: 25_000 }, ceiling: 20_000 } })),
    ).toMatchObject({
      price: 25_000,
      decidedBy: 'floor',
      warnings: ['floor_over_ceiling', 'hit_floor'],
    });
  });

  it('lets the floor win over the maximum change when the current price is under the floor', () => {
    const c = with_({
      guards: { floor: { kind: 'amount', cents: 20_000 }, maxChange: { mode: 'amount', cents: 500 } },
    });
    // Current €100, floor €200: the price goes to the floor, not €105; the rule wanted €205.
    expect(run(c, { currentPrice: 10_000 })).toMatchObject({
      price: 20_000,
      warnings: ['hit_floor', 'limited_by_max_change'],
    });
    // The rule wanted less than the floor: the floor decided.
    expect(run(c, { currentPrice: 10_000, market: market(15_000) })).toMatchObject({
      price: 20_000,
      decidedBy: 'floor',
      warnings: ['hit_floor'],
    });
  });
});

describe('pricingNetworkNeed', () => {
  it('reads the network’s asks for the ask rules, bids too between bid and ask, nothing otherwise', () => {
    const need = (rule: PricingRule, market: PricingConfig['market'] = 'both') =>
      pricingNetworkNeed({ rule, market });
    expect(need({ kind: 'beat_lowest_ask', by: { mode: 'amount', cents: 500 } })).toBe('asks');
    expect(need({ kind: 'match_lowest_ask' }, 'network')).toBe('asks');
    expect(need({ kind: 'between_bid_ask', position: 50 })).toBe('both');
    expect(need({ kind: 'match_lowest_ask' }, 'marketplace')).toBe('none');
    expect(need({ kind: 'sell_faster' })).toBe('none');
    expect(need({ kind: 'fixed', price: 100 })).toBe('none');
  });

  it('names every network price the engine reads: without the others, the outcome is the same', () => {
    fc.assert(
      fc.property(config, inputs, (c, i) => {
        const need = pricingNetworkNeed(c);
        const network =
          need === 'none' || i.network === null
            ? null
            : need === 'asks'
              ? { bestAsk: i.network.bestAsk, bestBid: null }
              : i.network;
        expect(priceFor(c, { ...i, network })).toEqual(priceFor(c, i));
      }),
      RUNS,
    );
  });
});
