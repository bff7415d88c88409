import { useId, useMemo, useState } from 'react';
import { priceFor, type PricingInputs } from '@sneakers/shared/rules/pricing';
import type { PricingConfig } from '@sneakers/shared';
import { Field, Input } from '../../../components/ui/form';
import { deciderText, inputText, money, signedMoney, warningText, type Words } from '../model/describe';
import { parseAmount } from '../model/strategy-form';

/** The example's inputs, as typed. */
export interface ExampleDraft {
  lowestAsk: string;
  highestBid: string;
  cost: string;
  current: string;
}

export const DEFAULT_EXAMPLE: ExampleDraft = {
  lowestAsk: '210',
  highestBid: '180',
  cost: '150',
  current: '220',
};

/**
 * The engine's inputs for the example: the ask and bid are the marketplace's, or the
 * network's own when the strategy reads only the network; the marketplace's sell-faster and
 * earn-more amounts are taken as the ask and the bid (the example has no separate fields for them).
 */
export function exampleInputs(config: PricingConfig, draft: ExampleDraft, now: string): PricingInputs {
  const ask = parseAmount(draft.lowestAsk);
  const bid = parseAmount(draft.highestBid);
  const hasMarket = ask !== null || bid !== null;
  const network = config.market === 'network';
  return {
    currentPrice: parseAmount(draft.current),
    cost: parseAmount(draft.cost),
    market:
      hasMarket && !network
        ? { lowestAsk: ask, highestBid: bid, sellFaster: ask, earnMore: bid, refreshedAt: now }
        : null,
    network: hasMarket && network ? { bestAsk: ask, bestBid: bid } : null,
    now,
  };
}

const FIELDS = ['lowestAsk', 'highestBid', 'cost', 'current'] as const;

/**
 * "With a lowest ask of €210 this rule gives €205" (docs/product/pricing-strategies.md#screens):
 * the editor's configuration run through the same engine the server uses (`priceFor`), on
 * every change of the form or of the example's own inputs.
 */
export function LiveExample({ config, words }: { config: PricingConfig | null; words: Words }) {
  const { t } = words;
  const ids = useId();
  const [draft, setDraft] = useState<ExampleDraft>(DEFAULT_EXAMPLE);
  const now = useMemo(() => new Date().toISOString(), []);
  const outcome = useMemo(
    () => (config ? priceFor(config, exampleInputs(config, draft, now)) : null),
    [config, draft, now],
  );
  const ask = parseAmount(draft.lowestAsk);

  return (
    <section
      aria-labelledby={`${ids}-title`}
      data-testid="pricing-example"
      className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-neutral-50 p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={`${ids}-title`} className="text-base font-semibold">
        {t('pricing.example.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        {FIELDS.map((field) => (
          <Field key={field} id={`${ids}-${field}`} label={t(`pricing.example.${field}`)}>
            <Input
              id={`${ids}-${field}`}
              inputMode="decimal"
              data-testid={`pricing-example-${field}`}
              value={draft[field]}
              onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
            />
          </Field>
        ))}
      </div>
      <div aria-live="polite" className="flex flex-col gap-2 text-sm" data-testid="pricing-example-result">
        {!outcome ? (
          <p className="text-neutral-600 dark:text-neutral-400">{t('pricing.example.fixFields')}</p>
        ) : (
          <>
            <p className="text-base font-medium" data-testid="pricing-example-sentence">
              {outcome.price === null
                ? t('pricing.example.noPrice')
                : ask === null
                  ? t('pricing.example.sentenceNoAsk', { price: money(words, outcome.price) })
                  : t('pricing.example.sentence', {
                      ask: money(words, ask),
                      price: money(words, outcome.price),
                    })}
            </p>
            <p data-testid="pricing-example-decider">
              {t('pricing.example.decidedBy', {
                decider: deciderText(words, outcome.decidedBy),
                input: inputText(words, outcome.input),
              })}
            </p>
            {outcome.warnings.length > 0 && (
              <ul className="flex flex-wrap gap-1" aria-label={t('pricing.rows.warnings')}>
                {outcome.warnings.map((w) => (
                  <li
                    key={w}
                    data-testid="pricing-example-warning"
                    className="rounded-full bg-orange-100 px-2 py-0.5 text-xs text-orange-800 dark:bg-orange-950 dark:text-orange-200"
                  >
                    {warningText(words, w)}
                  </li>
                ))}
              </ul>
            )}
            {outcome.marginAfterFees !== null && (
              <p
                data-testid="pricing-example-margin"
                className={
                  outcome.marginAfterFees < 0
                    ? 'text-red-600 dark:text-red-400'
                    : 'text-green-700 dark:text-green-400'
                }
              >
                {t('pricing.example.margin', {
                  margin: signedMoney(words, outcome.marginAfterFees),
                  fees: money(words, outcome.fees ?? 0),
                })}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
