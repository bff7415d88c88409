import type { TFunction } from 'i18next';
import {
  formatMoney,
  type Currency,
  type PricingConfig,
  type PricingDecider,
  type PricingInput,
  type PricingStep,
  type PricingStrategy,
  type PricingWarning,
} from '@sneakers/shared';

/** Money, percentages and the strategy's words in the UI language (docs/product/pricing-strategies.md#screens). */
export interface Words {
  t: TFunction;
  language: string;
  currency: Currency;
}

export function money({ language, currency }: Words, cents: number): string {
  return formatMoney({ amount: Math.abs(cents), currency }, language);
}

/** "€", "US$": the unit of an amount field. */
export function currencySymbol(words: Words): string {
  return money(words, 0).replace(/[\d.,\s]/g, '');
}

/** "+€5.00", "−€5.00", "€0.00". */
export function signedMoney(words: Words, cents: number): string {
  const sign = cents > 0 ? '+' : cents < 0 ? '−' : '';
  return `${sign}${money(words, cents)}`;
}

export function percent({ language }: Words, bps: number, signed = false): string {
  const text = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(Math.abs(bps) / 100);
  const sign = signed ? (bps > 0 ? '+' : bps < 0 ? '−' : '') : '';
  return `${sign}${text}%`;
}

export function step(words: Words, value: PricingStep): string {
  return value.mode === 'amount' ? money(words, value.cents) : percent(words, value.bps);
}

/** "Beat lowest ask by €5.00", "Cost + 20% (net of fees)". */
export function ruleSummary(words: Words, config: PricingConfig): string {
  const { t } = words;
  const { rule } = config;
  switch (rule.kind) {
    case 'beat_lowest_ask':
      return t('pricing.rule.summary.beat_lowest_ask', { step: step(words, rule.by) });
    case 'between_bid_ask':
      return t('pricing.rule.summary.between_bid_ask', { position: rule.position });
    case 'margin_over_cost':
      return t(rule.net ? 'pricing.rule.summary.margin_net' : 'pricing.rule.summary.margin_over_cost', {
        step: step(words, rule.margin),
      });
    case 'fixed':
      return t('pricing.rule.summary.fixed', { price: money(words, rule.price) });
    default:
      return t(`pricing.rule.summary.${rule.kind}`);
  }
}

/** "3 lists · 2 brands · 4 items" style: what the strategy prices. */
export function selectionSummary({ t }: Words, strategy: Pick<PricingStrategy, 'selection'>): string {
  const { listTypes, brands, itemIds } = strategy.selection;
  const parts = [listTypes.map((l) => t(`pricing.lists.${l}`)).join(', ')];
  parts.push(brands.length === 0 ? t('pricing.selection.allBrands') : brands.join(', '));
  if (itemIds.length > 0) parts.push(t('pricing.selection.items', { count: itemIds.length }));
  return parts.join(' · ');
}

export function inputText(words: Words, input: { name: PricingInput; value: number } | null): string {
  if (!input) return words.t('pricing.input.none');
  return words.t(`pricing.input.${input.name}`, { value: money(words, input.value) });
}

export function deciderText({ t }: Words, decider: PricingDecider): string {
  return t(`pricing.decider.${decider}`);
}

/** A warning in words; stale data says how old it is when the row knows. */
export function warningText({ t }: Words, warning: PricingWarning, refreshedAgo?: string | null): string {
  if (warning === 'stale_market_data' && refreshedAgo)
    return t('pricing.warning.stale_market_data_ago', { ago: refreshedAgo });
  return t(`pricing.warning.${warning}`);
}
