import {
  NEW_STRATEGY_CONFIG,
  pricingStrategyInputSchema,
  toCents,
  PRICING_MAX_BPS,
  type PricingChannel,
  type PricingConfig,
  type PricingMarketSource,
  type PricingRounding,
  type PricingRuleKind,
  type PricingSchedule,
  type PricingStep,
  type PricingStrategy,
  type PricingStrategyInput,
  type PRICING_LIST_TYPES,
  type PRICING_TARGETS,
} from '@sneakers/shared';
import { fieldIssueOf } from '@sneakers/shared/contracts/field-issues';
import type { FieldIssueCodes } from '@sneakers/shared/errors';
import { feesOf } from '@sneakers/shared/rules/pricing';

export type PricingListType = (typeof PRICING_LIST_TYPES)[number];
export type PricingTarget = (typeof PRICING_TARGETS)[number];
export type StepMode = PricingStep['mode'];

/** An amount or a percentage as typed ("5", "4.99", "10"). */
export interface StepDraft {
  mode: StepMode;
  value: string;
}

/**
 * The editor's fields as typed (docs/product/pricing-strategies.md#screens): amounts and
 * percentages stay text until Save, so a half-typed value never jumps.
 */
export interface StrategyDraft {
  name: string;
  listTypes: PricingListType[];
  brands: string[];
  itemIds: string[];
  ruleKind: PricingRuleKind;
  /** beat_lowest_ask's amount or percentage. */
  beatBy: StepDraft;
  /** between_bid_ask: 0 (highest bid) … 100 (lowest ask). */
  position: number;
  margin: StepDraft;
  marginNet: boolean;
  fixedPrice: string;
  market: PricingMarketSource;
  floorKind: 'none' | 'amount' | 'cost_plus';
  floorAmount: string;
  floorMargin: StepDraft;
  ceiling: string;
  maxChangeMode: 'none' | StepMode;
  maxChange: string;
  rounding: PricingRounding;
  noMarketKind: 'keep' | 'fixed' | 'cost_plus';
  noMarketPrice: string;
  noMarketMargin: StepDraft;
  channel: PricingChannel;
  feesOverride: boolean;
  /** The override's percentage and fixed amount per sale. */
  feesPercent: string;
  feesFixed: string;
  target: PricingTarget;
  schedule: PricingSchedule;
}

/** The fields an error can sit on (each names its input's id suffix). */
export type DraftField =
  | 'name'
  | 'listTypes'
  | 'brands'
  | 'itemIds'
  | 'beatBy'
  | 'position'
  | 'margin'
  | 'fixedPrice'
  | 'floorAmount'
  | 'floorMargin'
  | 'ceiling'
  | 'maxChange'
  | 'noMarketPrice'
  | 'noMarketMargin'
  | 'feesPercent'
  | 'feesFixed'
  | 'target'
  | 'schedule';

/** The fields in the editor's order (the first one in error takes the focus). */
export const DRAFT_FIELDS: readonly DraftField[] = [
  'name',
  'listTypes',
  'brands',
  'itemIds',
  'beatBy',
  'position',
  'margin',
  'fixedPrice',
  'floorAmount',
  'floorMargin',
  'ceiling',
  'maxChange',
  'noMarketPrice',
  'noMarketMargin',
  'feesPercent',
  'feesFixed',
  'target',
  'schedule',
];

/** An error is a text key of this feature, or a field issue of the contract (translated by lib/field-errors). */
export type DraftError = { key: string } | { issue: { code: string; limit?: number } };
export type DraftErrors = Partial<Record<DraftField, DraftError>>;

const centsText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
const stepDraft = (step: PricingStep | undefined, fallback: StepDraft): StepDraft =>
  step === undefined
    ? fallback
    : { mode: step.mode, value: centsText(step.mode === 'amount' ? step.cents : step.bps) };

type ConfigDraft = Omit<StrategyDraft, 'name' | 'listTypes' | 'brands' | 'itemIds' | 'target' | 'schedule'>;

/** What a field the configuration leaves unset starts at when the user picks it (another rule, floor or fallback). */
const unset = (): Pick<
  StrategyDraft,
  'beatBy' | 'position' | 'margin' | 'marginNet' | 'floorMargin' | 'noMarketMargin'
> => ({
  beatBy: { mode: 'amount', value: '5' },
  position: 50,
  margin: { mode: 'percent', value: '20' },
  marginNet: true,
  floorMargin: { mode: 'percent', value: '10' },
  noMarketMargin: { mode: 'percent', value: '20' },
});

/** A configuration's fields as the editor shows them. */
function configToDraft(config: PricingConfig): ConfigDraft {
  const base = unset();
  const { rule, guards } = config;
  const fees = feesOf(config);
  return {
    ruleKind: rule.kind,
    beatBy: rule.kind === 'beat_lowest_ask' ? stepDraft(rule.by, base.beatBy) : base.beatBy,
    position: rule.kind === 'between_bid_ask' ? rule.position : base.position,
    margin: rule.kind === 'margin_over_cost' ? stepDraft(rule.margin, base.margin) : base.margin,
    marginNet: rule.kind === 'margin_over_cost' ? rule.net : base.marginNet,
    fixedPrice: rule.kind === 'fixed' ? centsText(rule.price) : '',
    market: config.market,
    floorKind: guards.floor?.kind ?? 'none',
    floorAmount: guards.floor?.kind === 'amount' ? centsText(guards.floor.cents) : '',
    floorMargin:
      guards.floor?.kind === 'cost_plus'
        ? stepDraft(guards.floor.margin, base.floorMargin)
        : base.floorMargin,
    ceiling: guards.ceiling === null ? '' : centsText(guards.ceiling),
    maxChangeMode: guards.maxChange?.mode ?? 'none',
    maxChange: guards.maxChange ? stepDraft(guards.maxChange, base.beatBy).value : '',
    rounding: guards.rounding,
    noMarketKind: guards.noMarket.kind,
    noMarketPrice: guards.noMarket.kind === 'fixed' ? centsText(guards.noMarket.price) : '',
    noMarketMargin:
      guards.noMarket.kind === 'cost_plus'
        ? stepDraft(guards.noMarket.margin, base.noMarketMargin)
        : base.noMarketMargin,
    channel: config.channel,
    feesOverride: config.fees !== null,
    feesPercent: centsText(fees.bps),
    feesFixed: centsText(fees.fixedCents),
  };
}

/** A new strategy: NEW_STRATEGY_CONFIG (shared) over the WTS list's prices, no schedule. */
export function emptyDraft(): StrategyDraft {
  return {
    ...configToDraft(NEW_STRATEGY_CONFIG),
    // No fee override yet: ticking it starts from the chosen channel's defaults (strategy-editor.tsx).
    feesPercent: '',
    feesFixed: '',
    name: '',
    listTypes: ['wts'],
    brands: [],
    itemIds: [],
    target: 'list',
    schedule: 'off',
  };
}

export function strategyToDraft(strategy: PricingStrategy): StrategyDraft {
  return {
    ...configToDraft(strategy.config),
    name: strategy.name,
    listTypes: [...strategy.selection.listTypes],
    brands: [...strategy.selection.brands],
    itemIds: [...strategy.selection.itemIds],
    target: strategy.target,
    schedule: strategy.schedule,
  };
}

/** Cents (an amount) or basis points (a percentage, "10" → 1000) from what a person typed; null when it is not one. */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  try {
    return toCents(text);
  } catch {
    return null;
  }
}

class Collector {
  errors: DraftErrors = {};
  fail(field: DraftField, key: string): null {
    this.errors[field] ??= { key };
    return null;
  }
  amount(field: DraftField, text: string): number | null {
    const cents = parseAmount(text);
    return cents === null ? this.fail(field, 'pricing.errors.amount') : cents;
  }
  percent(field: DraftField, text: string): number | null {
    const bps = parseAmount(text);
    if (bps === null || bps > PRICING_MAX_BPS) return this.fail(field, 'pricing.errors.percent');
    return bps;
  }
  step(field: DraftField, step: StepDraft): PricingStep | null {
    if (step.mode === 'amount') {
      const cents = this.amount(field, step.value);
      return cents === null ? null : { mode: 'amount', cents };
    }
    const bps = this.percent(field, step.value);
    return bps === null ? null : { mode: 'percent', bps };
  }
}

function ruleOf(draft: StrategyDraft, c: Collector): PricingConfig['rule'] | null {
  switch (draft.ruleKind) {
    case 'beat_lowest_ask': {
      const by = c.step('beatBy', draft.beatBy);
      return by && { kind: 'beat_lowest_ask', by };
    }
    case 'between_bid_ask':
      return { kind: 'between_bid_ask', position: Math.round(draft.position) };
    case 'margin_over_cost': {
      const margin = c.step('margin', draft.margin);
      return margin && { kind: 'margin_over_cost', margin, net: draft.marginNet };
    }
    case 'fixed': {
      const price = c.amount('fixedPrice', draft.fixedPrice);
      return price === null ? null : { kind: 'fixed', price };
    }
    default:
      return { kind: draft.ruleKind };
  }
}

function guardsOf(draft: StrategyDraft, c: Collector): PricingConfig['guards'] | null {
  let floor: PricingConfig['guards']['floor'] = null;
  if (draft.floorKind === 'amount') {
    const cents = c.amount('floorAmount', draft.floorAmount);
    if (cents !== null) floor = { kind: 'amount', cents };
  } else if (draft.floorKind === 'cost_plus') {
    const margin = c.step('floorMargin', draft.floorMargin);
    if (margin) floor = { kind: 'cost_plus', margin };
  }
  const ceiling = draft.ceiling.trim() === '' ? null : c.amount('ceiling', draft.ceiling);
  let maxChange: PricingStep | null = null;
  if (draft.maxChangeMode !== 'none')
    maxChange = c.step('maxChange', { mode: draft.maxChangeMode, value: draft.maxChange });
  let noMarket: PricingConfig['guards']['noMarket'] | null = { kind: 'keep' };
  if (draft.noMarketKind === 'fixed') {
    const price = c.amount('noMarketPrice', draft.noMarketPrice);
    noMarket = price === null ? null : { kind: 'fixed', price };
  } else if (draft.noMarketKind === 'cost_plus') {
    const margin = c.step('noMarketMargin', draft.noMarketMargin);
    noMarket = margin && { kind: 'cost_plus', margin };
  }
  if (!noMarket) return null;
  return { floor, ceiling, maxChange, rounding: draft.rounding, noMarket };
}

/** The engine's configuration from the draft, or the fields in error (the live example needs only this part). */
export function draftToConfig(draft: StrategyDraft): { config: PricingConfig } | { errors: DraftErrors } {
  const c = new Collector();
  const rule = ruleOf(draft, c);
  const guards = guardsOf(draft, c);
  let fees: PricingConfig['fees'] = null;
  if (draft.feesOverride) {
    const bps = c.percent('feesPercent', draft.feesPercent);
    const fixedCents = draft.feesFixed.trim() === '' ? 0 : c.amount('feesFixed', draft.feesFixed);
    if (bps !== null && fixedCents !== null) fees = { bps, fixedCents };
  }
  if (!rule || !guards || Object.keys(c.errors).length > 0) return { errors: c.errors };
  return { config: { rule, market: draft.market, guards, channel: draft.channel, fees } };
}

/** Where a contract issue's path lands in the form. */
function fieldOfPath(path: readonly PropertyKey[]): DraftField | undefined {
  const [first, second, third] = path.map(String);
  if (first === 'name' || first === 'target' || first === 'schedule') return first;
  if (first === 'selection' && (second === 'listTypes' || second === 'brands' || second === 'itemIds'))
    return second;
  if (first !== 'config') return undefined;
  if (second === 'fees') return path[3] === 'fixedCents' ? 'feesFixed' : 'feesPercent';
  if (second === 'rule') {
    if (third === 'by') return 'beatBy';
    if (third === 'margin') return 'margin';
    if (third === 'position') return 'position';
    return 'fixedPrice';
  }
  if (second === 'guards') {
    if (third === 'floor') return path[4] === 'margin' || path[4] === 'bps' ? 'floorMargin' : 'floorAmount';
    if (third === 'ceiling') return 'ceiling';
    if (third === 'maxChange') return 'maxChange';
    if (third === 'noMarket') return path[4] === 'margin' ? 'noMarketMargin' : 'noMarketPrice';
  }
  return undefined;
}

/**
 * Checks the draft and builds the create/update body. Each field's problem is its own: a typed
 * amount that is not one says so; the rest is the contract's own check (`pricingStrategyInputSchema`),
 * its issues as field codes in the user's language.
 */
export function draftToInput(
  draft: StrategyDraft,
): { input: PricingStrategyInput } | { errors: DraftErrors } {
  const configured = draftToConfig(draft);
  const errors: DraftErrors = 'errors' in configured ? { ...configured.errors } : {};
  const candidate = {
    name: draft.name.trim(),
    selection: {
      listTypes: draft.listTypes,
      brands: draft.brands.map((b) => b.trim()).filter(Boolean),
      itemIds: draft.itemIds,
    },
    config: 'config' in configured ? configured.config : emptyConfig(),
    target: draft.target,
    schedule: draft.schedule,
  };
  if (candidate.name === '') errors.name ??= { key: 'pricing.errors.name' };
  if (draft.listTypes.length === 0) errors.listTypes ??= { key: 'pricing.errors.listTypes' };
  const parsed = pricingStrategyInputSchema.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path);
      if (field && !errors[field]) errors[field] = { issue: fieldIssueOf(issue) };
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: candidate };
}

/**
 * The API's refusal of a body (400 with each field's issues by path, docs/product/errors.md#field-messages)
 * on the editor's fields; empty when none of its paths is a field of the form.
 */
export function apiDraftErrors(issues: FieldIssueCodes | undefined): DraftErrors {
  const errors: DraftErrors = {};
  for (const [path, list] of Object.entries(issues ?? {})) {
    const field = fieldOfPath(path.split('.'));
    const issue = list[0];
    if (field && issue && !errors[field]) errors[field] = { issue };
  }
  return errors;
}

/** A valid placeholder while the draft's own config has errors (only its fields' errors are shown). */
function emptyConfig(): PricingConfig {
  return {
    rule: { kind: 'match_lowest_ask' },
    market: 'marketplace',
    guards: { floor: null, ceiling: null, maxChange: null, rounding: 'none', noMarket: { kind: 'keep' } },
    channel: 'direct',
    fees: null,
  };
}
