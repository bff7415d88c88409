import * as z from 'zod/mini';
import { cents } from './fields';

/**
 * A pricing strategy's configuration (docs/product/pricing-strategies.md#rules): the rule, its
 * guard rails, rounding, the no-market-data fallback and the sales channel whose fees the
 * margins are computed net of. The pure engine (shared/src/rules/pricing.ts) reads exactly
 * these shapes, so the editor's live example and the server compute the same price.
 * Amounts are integer cents; percentages are basis points (1% = 100).
 */

/** 100% in basis points; no percentage in a strategy goes beyond it. */
export const PRICING_MAX_BPS = 10_000;
const bps = z.int().check(z.minimum(0), z.maximum(PRICING_MAX_BPS));

export const PRICING_RULE_KINDS = [
  'beat_lowest_ask',
  'match_lowest_ask',
  'between_bid_ask',
  'sell_faster',
  'earn_more',
  'margin_over_cost',
  'fixed',
] as const;
export type PricingRuleKind = (typeof PRICING_RULE_KINDS)[number];

/** Which market the lowest ask and highest bid come from: the marketplace, the network's own deals, or the better of both. */
export const PRICING_MARKET_SOURCES = ['marketplace', 'network', 'both'] as const;
export type PricingMarketSource = (typeof PRICING_MARKET_SOURCES)[number];

/** An amount in cents or a percentage in basis points. */
export const pricingStepSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('amount'), cents }),
  z.strictObject({ mode: z.literal('percent'), bps }),
]);
export type PricingStep = z.infer<typeof pricingStepSchema>;

export const pricingRuleSchema = z.discriminatedUnion('kind', [
  /** The lowest ask minus an amount or a percentage. */
  z.strictObject({ kind: z.literal('beat_lowest_ask'), by: pricingStepSchema }),
  z.strictObject({ kind: z.literal('match_lowest_ask') }),
  /** `position` % of the way from the highest bid (0) to the lowest ask (100). */
  z.strictObject({
    kind: z.literal('between_bid_ask'),
    position: z.int().check(z.minimum(0), z.maximum(100)),
  }),
  /** The marketplace's sell-faster amount (marketplace only). */
  z.strictObject({ kind: z.literal('sell_faster') }),
  /** The marketplace's earn-more amount (marketplace only). */
  z.strictObject({ kind: z.literal('earn_more') }),
  /** The item's cost plus a margin (net of the channel's fees when `net`). */
  z.strictObject({ kind: z.literal('margin_over_cost'), margin: pricingStepSchema, net: z.boolean() }),
  z.strictObject({ kind: z.literal('fixed'), price: cents }),
]);
export type PricingRule = z.infer<typeof pricingRuleSchema>;

/** The lowest price a strategy sets: an amount, or the item's cost plus a margin. Wins over the rule and the ceiling. */
export const pricingFloorSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('amount'), cents }),
  z.strictObject({ kind: z.literal('cost_plus'), margin: pricingStepSchema }),
]);
export type PricingFloor = z.infer<typeof pricingFloorSchema>;

export const PRICING_ROUNDINGS = ['none', 'whole', 'ninety_nine', 'five'] as const;
export type PricingRounding = (typeof PRICING_ROUNDINGS)[number];

/** What a strategy does for an item with no market data. */
export const pricingNoMarketSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('keep') }),
  z.strictObject({ kind: z.literal('fixed'), price: cents }),
  z.strictObject({ kind: z.literal('cost_plus'), margin: pricingStepSchema }),
]);
export type PricingNoMarket = z.infer<typeof pricingNoMarketSchema>;

/** Sales channels whose fees a margin is computed net of (defaults: PRICING_CHANNEL_FEES in rules/pricing). */
export const PRICING_CHANNELS = ['direct', 'storefront', 'marketplace'] as const;
export type PricingChannel = (typeof PRICING_CHANNELS)[number];

/** A channel's fees: a percentage of the price plus a fixed amount per sale. */
export const pricingFeesSchema = z.strictObject({ bps, fixedCents: cents });
export type PricingFees = z.infer<typeof pricingFeesSchema>;

export const pricingGuardRailsSchema = z.strictObject({
  floor: z.nullable(pricingFloorSchema),
  ceiling: z.nullable(cents),
  /** The most a run moves a price, up or down, from the current price. */
  maxChange: z.nullable(pricingStepSchema),
  rounding: z.enum(PRICING_ROUNDINGS),
  noMarket: pricingNoMarketSchema,
});
export type PricingGuardRails = z.infer<typeof pricingGuardRailsSchema>;

/** Everything the engine needs of a strategy. */
export const pricingConfigSchema = z.strictObject({
  rule: pricingRuleSchema,
  market: z.enum(PRICING_MARKET_SOURCES),
  guards: pricingGuardRailsSchema,
  channel: z.enum(PRICING_CHANNELS),
  /** Replaces the channel's default fees when set (the user's own contract with a marketplace). */
  fees: z.nullable(pricingFeesSchema),
});
export type PricingConfig = z.infer<typeof pricingConfigSchema>;

/**
 * A new strategy's configuration, where the editor starts (docs/product/pricing-strategies.md#strategy-editor)
 * and the tests' example strategy: beat the marketplace's lowest ask by €5, floor cost + 10%,
 * no ceiling, no maximum change, no rounding, the price kept without market data, direct sales
 * at the channel's fees.
 */
export const NEW_STRATEGY_CONFIG: PricingConfig = {
  rule: { kind: 'beat_lowest_ask', by: { mode: 'amount', cents: 500 } },
  market: 'marketplace',
  guards: {
    floor: { kind: 'cost_plus', margin: { mode: 'percent', bps: 1000 } },
    ceiling: null,
    maxChange: null,
    rounding: 'none',
    noMarket: { kind: 'keep' },
  },
  channel: 'direct',
  fees: null,
};

/** Why a price is what it is, or what the user should look at, per row of a preview. */
export const PRICING_WARNINGS = [
  'hit_floor',
  'hit_ceiling',
  'limited_by_max_change',
  'floor_over_ceiling',
  'no_market_data',
  'stale_market_data',
  'no_cost',
  'below_cost',
  'not_rounded',
  'no_price',
  /** The product's market data was due for a refresh the run had no time for (a run adds it, not the engine). */
  'market_data_pending',
] as const;
export type PricingWarning = (typeof PRICING_WARNINGS)[number];

/** The input that decided a price (shown in the preview as "lowest ask €210"). */
export const PRICING_INPUTS = [
  'lowest_ask',
  'highest_bid',
  'sell_faster',
  'earn_more',
  'network_best_ask',
  'network_best_bid',
  'cost',
  'fixed',
  'current',
] as const;
export type PricingInput = (typeof PRICING_INPUTS)[number];

/** What decided the final price: the rule, a guard rail, or the no-market fallback. */
export const PRICING_DECIDERS = ['rule', 'floor', 'ceiling', 'max_change', 'no_market', 'keep'] as const;
export type PricingDecider = (typeof PRICING_DECIDERS)[number];
