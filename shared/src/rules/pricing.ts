import { MAX_CENTS } from '../contracts/fields';
import type {
  PricingChannel,
  PricingConfig,
  PricingDecider,
  PricingFees,
  PricingInput,
  PricingRounding,
  PricingStep,
  PricingWarning,
} from '../contracts/pricing-values';

/**
 * The pricing engine (docs/product/pricing-strategies.md#how-a-price-is-computed): one pure
 * function from a strategy's configuration and an item's inputs to a price, shared by the
 * server's preview and auto runs and the editor's live example. Integer cents throughout.
 *
 * Order: the rule gives a target (or the no-market fallback does) → the guard rails give the
 * allowed interval (floor and ceiling win over everything; the floor wins over the ceiling; the
 * maximum change narrows the interval when it overlaps them; a current price so far outside the
 * floor and ceiling that the maximum change cannot reach them goes to their nearest edge) → the
 * target is clamped into it → rounding picks the nearest rounded price inside the interval
 * (unrounded when none fits; a margin over cost rounds up, so the margin holds; a kept price is
 * not rounded).
 *
 * Properties (shared/test/pricing-rules.test.ts): the price is an integer within [floor,
 * ceiling] and at least one cent; it moves at most the maximum change from the current price
 * unless that price is outside the band; the same inputs give the same outcome; run again on its
 * own price it keeps it (unless the maximum change stopped it); the margin after fees is price −
 * fees − cost exactly; a net margin over cost keeps at least its margin after fees unless the
 * ceiling or the maximum change cut it.
 */

/** Market data older than this is flagged `stale_market_data` in a preview. */
export const PRICING_STALE_AFTER_MS = 24 * 60 * 60 * 1000;
/** A run refreshes market data older than this through the marketplace client before using it. */
export const PRICING_MARKET_MAX_AGE_MS = 60 * 60 * 1000;
/**
 * How long a preview may spend refreshing market data: the refresh starts no marketplace request
 * after it, so the preview answers inside API Gateway's 29 s however many products are cold
 * (20 requests a second: about 300 products); the products not reached are priced from their
 * older data, or the no-market fallback, and flagged `market_data_pending`
 * (docs/product/pricing-strategies.md#limits).
 */
export const PRICING_PREVIEW_MARKET_BUDGET_MS = 15_000;
/**
 * The same for an auto mode sweep (no gateway in front): every due strategy's refresh together,
 * within pricing-auto's Lambda timeout (15 minutes) with room left to price and apply.
 */
export const PRICING_AUTO_MARKET_BUDGET_MS = 10 * 60 * 1000;
/** No strategy sets a price below one cent. */
export const PRICING_MIN_PRICE = 1;

/**
 * Default fees per channel (docs/product/pricing-strategies.md#fees): direct sales (the shared
 * lists, the counter) cost nothing; the online store pays the card processor 1.5% + €0.25; a
 * marketplace takes a 9% transaction fee plus 3% payment processing.
 */
export const PRICING_CHANNEL_FEES: ReadonlyMap<PricingChannel, PricingFees> = new Map([
  ['direct', { bps: 0, fixedCents: 0 }],
  ['storefront', { bps: 150, fixedCents: 25 }],
  ['marketplace', { bps: 1200, fixedCents: 0 }],
]);

/** Per variant, in the item's currency, in cents. */
export interface PricingMarket {
  lowestAsk: number | null;
  highestBid: number | null;
  sellFaster: number | null;
  earnMore: number | null;
  /** When the catalogue last read it from the marketplace (ISO). */
  refreshedAt: string;
}

/** The network's own best prices for the product and size (from the deals index), other users only. */
export interface PricingNetwork {
  bestAsk: number | null;
  bestBid: number | null;
}

export interface PricingInputs {
  /** The item's price now (WTS/WTC desired, inventory asking); null when unset. */
  currentPrice: number | null;
  /** The item's purchase price; null when unknown. */
  cost: number | null;
  market: PricingMarket | null;
  network: PricingNetwork | null;
  /** ISO time of the run (staleness is measured against it). */
  now: string;
}

export interface PricingOutcome {
  /** The price to set; null when there is none to set (no price now and nothing to compute one from). */
  price: number | null;
  /** Whether `price` differs from the current price. */
  changed: boolean;
  decidedBy: PricingDecider;
  /** The input the rule read, as shown in a preview; null for a kept price. */
  input: { name: PricingInput; value: number } | null;
  /** The channel's fees at `price`. */
  fees: number | null;
  /** `price` − fees − cost; null without a price or a cost. */
  marginAfterFees: number | null;
  warnings: PricingWarning[];
}

/** The fees a strategy's margins are net of: its own override, else its channel's defaults. */
export function feesOf(config: Pick<PricingConfig, 'channel' | 'fees'>): PricingFees {
  return config.fees ?? PRICING_CHANNEL_FEES.get(config.channel) ?? { bps: 0, fixedCents: 0 };
}

export function feeAt(price: number, fees: PricingFees): number {
  return Math.round((price * fees.bps) / 10_000) + fees.fixedCents;
}

/** An amount, or a percentage of `base` (rounded to the cent). */
export function stepOf(step: PricingStep, base: number): number {
  return step.mode === 'amount' ? step.cents : Math.round((base * step.bps) / 10_000);
}

/** The lowest price whose margin after fees is at least `margin` over `cost`. */
function netPriceFor(cost: number, margin: number, fees: PricingFees): number {
  const keep = 1 - fees.bps / 10_000;
  // Fees that take the whole price leave no margin at any price: past every ceiling.
  if (keep <= 0) return MAX_CENTS + 1;
  const holds = (price: number) => price - feeAt(price, fees) - cost >= margin;
  let price = Math.ceil((cost + margin + fees.fixedCents) / keep);
  // The fee is rounded to the cent, so the exact answer can be a cent or two either side of the
  // formula's: step up until the margin holds, then down while it still does. Price minus fee
  // never falls as the price rises (the fee grows by at most a cent per cent), so this is the
  // lowest. A price past MAX_CENTS is left to the ceiling's clamp, which then says so.
  while (!holds(price)) price += 1;
  while (price > PRICING_MIN_PRICE && holds(price - 1)) price -= 1;
  return price;
}

interface Target {
  price: number | null;
  decidedBy: PricingDecider;
  input: PricingOutcome['input'];
  /** The target is a minimum (a margin over cost): rounding goes up from it, never down. */
  atLeast?: boolean;
}

function askOf(config: PricingConfig, inputs: PricingInputs): PricingOutcome['input'] {
  const market = config.market === 'network' ? null : (inputs.market?.lowestAsk ?? null);
  const network = config.market === 'marketplace' ? null : (inputs.network?.bestAsk ?? null);
  if (market !== null && (network === null || market <= network))
    return { name: 'lowest_ask', value: market };
  if (network !== null) return { name: 'network_best_ask', value: network };
  return null;
}

function bidOf(config: PricingConfig, inputs: PricingInputs): PricingOutcome['input'] {
  const market = config.market === 'network' ? null : (inputs.market?.highestBid ?? null);
  const network = config.market === 'marketplace' ? null : (inputs.network?.bestBid ?? null);
  if (market !== null && (network === null || market >= network))
    return { name: 'highest_bid', value: market };
  if (network !== null) return { name: 'network_best_bid', value: network };
  return null;
}

/** The rule's target, or null when the rule lacks its market input (the no-market fallback then decides). */
function ruleTarget(
  config: PricingConfig,
  inputs: PricingInputs,
  warnings: Set<PricingWarning>,
): Target | null {
  const { rule } = config;
  const rule_ = (price: number, input: PricingOutcome['input']): Target => ({
    price,
    decidedBy: 'rule',
    input,
  });
  switch (rule.kind) {
    case 'fixed':
      return rule_(rule.price, { name: 'fixed', value: rule.price });
    case 'margin_over_cost': {
      if (inputs.cost === null) {
        warnings.add('no_cost');
        return { price: inputs.currentPrice, decidedBy: 'keep', input: null };
      }
      const margin = stepOf(rule.margin, inputs.cost);
      const price = rule.net ? netPriceFor(inputs.cost, margin, feesOf(config)) : inputs.cost + margin;
      return { ...rule_(price, { name: 'cost', value: inputs.cost }), atLeast: true };
    }
    case 'sell_faster':
    case 'earn_more': {
      const value = rule.kind === 'sell_faster' ? inputs.market?.sellFaster : inputs.market?.earnMore;
      if (value === null || value === undefined) return null;
      return rule_(value, { name: rule.kind, value });
    }
    case 'match_lowest_ask':
    case 'beat_lowest_ask': {
      const ask = askOf(config, inputs);
      if (!ask) return null;
      const price = rule.kind === 'beat_lowest_ask' ? ask.value - stepOf(rule.by, ask.value) : ask.value;
      return rule_(price, ask);
    }
    case 'between_bid_ask': {
      const ask = askOf(config, inputs);
      const bid = bidOf(config, inputs);
      if (!ask || !bid) return null;
      const low = Math.min(ask.value, bid.value);
      const high = Math.max(ask.value, bid.value);
      return rule_(low + Math.round(((high - low) * rule.position) / 100), rule.position >= 50 ? ask : bid);
    }
  }
}

function noMarketTarget(config: PricingConfig, inputs: PricingInputs, warnings: Set<PricingWarning>): Target {
  warnings.add('no_market_data');
  const fallback = config.guards.noMarket;
  if (fallback.kind === 'fixed') return { price: fallback.price, decidedBy: 'no_market', input: null };
  if (fallback.kind === 'cost_plus') {
    if (inputs.cost !== null) {
      const price = inputs.cost + stepOf(fallback.margin, inputs.cost);
      return { price, decidedBy: 'no_market', input: { name: 'cost', value: inputs.cost } };
    }
    warnings.add('no_cost');
  }
  return { price: inputs.currentPrice, decidedBy: 'keep', input: null };
}

/** Whether the rule reads the marketplace's data (staleness matters only then). */
function readsMarketplace(config: PricingConfig): boolean {
  const { kind } = config.rule;
  if (kind === 'fixed' || kind === 'margin_over_cost') return false;
  if (kind === 'sell_faster' || kind === 'earn_more') return true;
  return config.market !== 'network';
}

/**
 * Which of the network's prices a strategy reads (so a run reads no more of the deals index than
 * it uses): its best ask for the ask rules, its best bid too for between bid and ask, none for
 * the rules that never look at a market or a strategy on the marketplace's data only.
 */
export function pricingNetworkNeed(config: Pick<PricingConfig, 'rule' | 'market'>): 'none' | 'asks' | 'both' {
  if (config.market === 'marketplace') return 'none';
  switch (config.rule.kind) {
    case 'beat_lowest_ask':
    case 'match_lowest_ask':
      return 'asks';
    case 'between_bid_ask':
      return 'both';
    default:
      return 'none';
  }
}

interface Interval {
  low: number;
  high: number;
  lowBy: PricingDecider;
  highBy: PricingDecider;
}

/** The prices the guard rails allow for this item. */
export function allowedInterval(
  config: PricingConfig,
  inputs: Pick<PricingInputs, 'currentPrice' | 'cost'>,
  warnings: Set<PricingWarning> = new Set(),
): Interval {
  const { floor: floorRule, ceiling: ceilingRule, maxChange } = config.guards;
  let floor: number | null = null;
  if (floorRule?.kind === 'amount') floor = floorRule.cents;
  else if (floorRule?.kind === 'cost_plus') {
    if (inputs.cost === null) warnings.add('no_cost');
    else floor = inputs.cost + stepOf(floorRule.margin, inputs.cost);
  }
  let ceiling = ceilingRule;
  if (floor !== null && ceiling !== null && floor > ceiling) {
    warnings.add('floor_over_ceiling');
    ceiling = null;
  }
  const low = Math.min(Math.max(PRICING_MIN_PRICE, floor ?? PRICING_MIN_PRICE), MAX_CENTS);
  const high = Math.max(low, Math.min(MAX_CENTS, ceiling ?? MAX_CENTS));
  const band: Interval = { low, high, lowBy: 'floor', highBy: 'ceiling' };
  if (maxChange === null || inputs.currentPrice === null) return band;
  const delta = stepOf(maxChange, inputs.currentPrice);
  const windowLow = inputs.currentPrice - delta;
  const windowHigh = inputs.currentPrice + delta;
  // Floor and ceiling win: when the window misses the band, the price goes to the band's nearest
  // edge, further than the maximum change allows. Beyond that edge the maximum change holds it.
  if (windowHigh < band.low) {
    warnings.add('hit_floor');
    return { low: band.low, high: band.low, lowBy: 'floor', highBy: 'max_change' };
  }
  if (windowLow > band.high) {
    warnings.add('hit_ceiling');
    return { low: band.high, high: band.high, lowBy: 'max_change', highBy: 'ceiling' };
  }
  return {
    low: Math.max(band.low, windowLow),
    high: Math.min(band.high, windowHigh),
    lowBy: windowLow > band.low ? 'max_change' : 'floor',
    highBy: windowHigh < band.high ? 'max_change' : 'ceiling',
  };
}

/** The rounded prices nearest `price`, below and above (several for .99). */
function roundedAround(price: number, rounding: PricingRounding): number[] {
  switch (rounding) {
    case 'none':
      return [price];
    case 'whole':
      return [Math.floor(price / 100) * 100, Math.ceil(price / 100) * 100];
    case 'five':
      return [Math.floor(price / 500) * 500, Math.ceil(price / 500) * 500];
    case 'ninety_nine': {
      const below = Math.floor((price - 99) / 100) * 100 + 99;
      return [below, below + 100];
    }
  }
}

/**
 * The rounded price nearest `price` inside the interval (the lower on a tie); with `up`, the
 * lowest rounded price at or above it. Null when none fits.
 */
export function roundWithin(
  price: number,
  rounding: PricingRounding,
  low: number,
  high: number,
  up = false,
): number | null {
  let best: number | null = null;
  for (const candidate of roundedAround(price, rounding)) {
    if (candidate < low || candidate > high || (up && candidate < price)) continue;
    if (best === null || Math.abs(candidate - price) < Math.abs(best - price)) best = candidate;
  }
  return best;
}

/** The target clamped into the interval and rounded, with what decided it and the warnings that says. */
function settle(
  config: PricingConfig,
  target: Target & { price: number },
  interval: Interval,
): { price: number; decidedBy: PricingDecider; warnings: PricingWarning[] } {
  const warnings: PricingWarning[] = [];
  let decidedBy = target.decidedBy;
  let clamped = target.price;
  if (clamped < interval.low) {
    clamped = interval.low;
    decidedBy = interval.lowBy;
  } else if (clamped > interval.high) {
    clamped = interval.high;
    decidedBy = interval.highBy;
  }
  if (decidedBy === 'floor') warnings.push('hit_floor');
  if (decidedBy === 'ceiling') warnings.push('hit_ceiling');
  if (decidedBy === 'max_change') warnings.push('limited_by_max_change');
  // A kept price stays as it is (set by hand or by an earlier run); a margin rounds up from its
  // target, so rounding never takes it under the margin asked.
  if (decidedBy === 'keep') return { price: clamped, decidedBy, warnings };
  const up = target.atLeast === true && decidedBy === 'rule';
  let price = roundWithin(clamped, config.guards.rounding, interval.low, interval.high, up);
  if (price === null) {
    warnings.push('not_rounded');
    price = clamped;
  }
  return { price, decidedBy, warnings: [...new Set(warnings)] };
}

/** The price a strategy gives an item (docs/product/pricing-strategies.md#how-a-price-is-computed). */
export function priceFor(config: PricingConfig, inputs: PricingInputs): PricingOutcome {
  const warnings = new Set<PricingWarning>();
  if (readsMarketplace(config) && inputs.market) {
    const age = Date.parse(inputs.now) - Date.parse(inputs.market.refreshedAt);
    if (!(age <= PRICING_STALE_AFTER_MS)) warnings.add('stale_market_data');
  }
  const target = ruleTarget(config, inputs, warnings) ?? noMarketTarget(config, inputs, warnings);
  const interval = allowedInterval(config, inputs, warnings);
  const fees = feesOf(config);

  if (target.price === null) {
    warnings.add('no_price');
    return {
      price: null,
      changed: false,
      decidedBy: 'keep',
      input: null,
      fees: null,
      marginAfterFees: null,
      warnings: [...warnings],
    };
  }

  let settled = settle(config, target as Target & { price: number }, interval);
  if (config.guards.maxChange !== null && inputs.currentPrice !== null) {
    // The maximum change limited the run exactly when the price differs from the one the
    // strategy gives without it: then (and only then) the next run may move it further.
    const unlimited = { ...config, guards: { ...config.guards, maxChange: null } };
    const free = settle(config, target as Target & { price: number }, allowedInterval(unlimited, inputs));
    if (free.price === settled.price) settled = free;
    else if (!settled.warnings.includes('limited_by_max_change'))
      settled.warnings.push('limited_by_max_change');
  }
  for (const warning of settled.warnings) warnings.add(warning);
  const { price, decidedBy } = settled;

  const fee = feeAt(price, fees);
  const marginAfterFees = inputs.cost === null ? null : price - fee - inputs.cost;
  if (marginAfterFees !== null && marginAfterFees < 0) warnings.add('below_cost');
  return {
    price,
    changed: price !== inputs.currentPrice,
    decidedBy,
    input: target.input,
    fees: fee,
    marginAfterFees,
    warnings: [...warnings],
  };
}
