import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  ApiError,
  PRICING_CHANNELS,
  PRICING_LIST_TYPES,
  PRICING_MARKET_SOURCES,
  PRICING_ROUNDINGS,
  PRICING_RULE_KINDS,
  PRICING_SCHEDULES,
  type PricingStrategy,
} from '@sneakers/shared';
import { PRICING_CHANNEL_FEES } from '@sneakers/shared/rules/pricing';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/form';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { fieldIssueText } from '../../../lib/field-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSaveStrategy } from '../api/queries';
import { currencySymbol, money, percent, type Words } from '../model/describe';
import {
  apiDraftErrors,
  DRAFT_FIELDS,
  draftToConfig,
  draftToInput,
  emptyDraft,
  strategyToDraft,
  type DraftError,
  type DraftErrors,
  type DraftField,
  type StepDraft,
  type StrategyDraft,
} from '../model/strategy-form';
import { ItemPicker } from './item-picker';
import { LiveExample } from './live-example';

/**
 * The strategy editor (docs/product/pricing-strategies.md#screens): every field labelled, each
 * field's problem under it, and the live example beside the form, recomputed on each change.
 */
export function StrategyEditor({
  strategy,
  words,
  isStore,
  onDone,
}: {
  strategy: PricingStrategy | null;
  words: Words;
  isStore: boolean;
  onDone: () => void;
}) {
  const { t, language } = words;
  const ids = useId();
  const isDemo = useDemoMode();
  const [draft, setDraft] = useState<StrategyDraft>(() =>
    strategy ? strategyToDraft(strategy) : emptyDraft(),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [brandText, setBrandText] = useState('');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const save = useSaveStrategy();
  const configured = useMemo(() => draftToConfig(draft), [draft]);
  const config = 'config' in configured ? configured.config : null;

  const set = <K extends keyof StrategyDraft>(key: K, value: StrategyDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const id = (field: string) => `${ids}-${field}`;
  const errorText = (error: DraftError | undefined) =>
    !error ? undefined : 'key' in error ? t(error.key) : fieldIssueText(error.issue, t, language);
  const err = (field: DraftField) => errorText(errors[field]);
  const described = (field: DraftField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {};

  const addBrand = () => {
    const brand = brandText.trim();
    if (brand && !draft.brands.some((b) => b.toLowerCase() === brand.toLowerCase()))
      set('brands', [...draft.brands, brand]);
    setBrandText('');
  };

  const showErrors = (found: DraftErrors) => {
    setErrors(found);
    const first = DRAFT_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(id(first))?.focus();
    else toast.error(t('pricing.toast.saveError'));
  };

  // The editor replaces the list: its heading takes the focus, so a screen reader says where it is.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = () => {
    // Only a store has an online store: anyone else's strategy prices its lists.
    const checked = draftToInput(isStore ? draft : { ...draft, target: 'list' });
    if ('errors' in checked) return showErrors(checked.errors);
    setErrors({});
    if (isDemo) return showDemoToast();
    save.mutate(
      { existing: strategy ?? undefined, input: checked.input, idempotencyKey },
      {
        onSuccess: (saved) => {
          toast.success(t('pricing.toast.saved', { name: saved.name }));
          onDone();
        },
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          const fields = error instanceof ApiError ? apiDraftErrors(error.issues) : {};
          if (Object.keys(fields).length > 0) return showErrors(fields);
          const code = error instanceof ApiError ? error.code : '';
          toast.error(
            code === 'VERSION_CONFLICT'
              ? t('pricing.toast.versionConflict')
              : code === 'STRATEGIES_FULL'
                ? t('pricing.toast.full')
                : t('pricing.toast.saveError'),
          );
        },
      },
    );
  };

  const stepField = (
    field: DraftField,
    label: string,
    value: StepDraft,
    onChange: (v: StepDraft) => void,
  ) => (
    <Field id={id(field)} label={label} error={err(field)}>
      <div className="flex gap-2">
        <Input
          id={id(field)}
          inputMode="decimal"
          data-testid={`pricing-field-${field}`}
          value={value.value}
          onChange={(e) => onChange({ ...value, value: e.target.value })}
          {...described(field)}
        />
        <Select
          aria-label={t('pricing.form.unit', { field: label })}
          data-testid={`pricing-field-${field}-mode`}
          className="w-24"
          value={value.mode}
          onChange={(e) => onChange({ ...value, mode: e.target.value === 'percent' ? 'percent' : 'amount' })}
        >
          <option value="amount">{currencySymbol(words)}</option>
          <option value="percent">%</option>
        </Select>
      </div>
    </Field>
  );

  const amountField = (
    field: DraftField,
    label: string,
    value: string,
    onChange: (v: string) => void,
    hint?: string,
  ) => (
    <Field id={id(field)} label={label} error={err(field)} hint={hint}>
      <Input
        id={id(field)}
        inputMode="decimal"
        data-testid={`pricing-field-${field}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...described(field)}
      />
    </Field>
  );

  const choice = <T extends string>(
    field: string,
    label: string,
    options: readonly T[],
    value: T,
    onChange: (v: T) => void,
    text: (v: T) => string,
  ) => (
    <Field id={id(field)} label={label}>
      <Select
        id={id(field)}
        data-testid={`pricing-field-${field}`}
        value={value}
        onChange={(e) => {
          const next = options.find((o) => o === e.target.value);
          if (next) onChange(next);
        }}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </Select>
    </Field>
  );

  const defaults = PRICING_CHANNEL_FEES.get(draft.channel) ?? { bps: 0, fixedCents: 0 };
  const targets = isStore ? (['list', 'storefront'] as const) : (['list'] as const);

  return (
    <div className="flex max-w-6xl min-w-0 flex-col gap-6" data-testid="pricing-editor">
      <div className="flex flex-wrap items-center gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
          {strategy ? t('pricing.editor.editTitle') : t('pricing.editor.newTitle')}
        </h1>
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          noValidate
          className="flex min-w-0 flex-col gap-6"
          aria-label={strategy ? t('pricing.editor.editTitle') : t('pricing.editor.newTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field id={id('name')} label={t('pricing.form.name')} error={err('name')}>
            <Input
              id={id('name')}
              data-testid="pricing-field-name"
              maxLength={80}
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              {...described('name')}
            />
          </Field>

          <Section legend={t('pricing.form.items')}>
            <fieldset
              id={id('listTypes')}
              tabIndex={-1}
              className="flex flex-wrap gap-4"
              {...described('listTypes')}
            >
              <legend className="mb-1 text-sm font-medium">{t('pricing.form.lists')}</legend>
              {PRICING_LIST_TYPES.map((listType) => (
                <label key={listType} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    data-testid={`pricing-field-list-${listType}`}
                    checked={draft.listTypes.includes(listType)}
                    onChange={(e) =>
                      set(
                        'listTypes',
                        e.target.checked
                          ? [...draft.listTypes, listType]
                          : draft.listTypes.filter((l) => l !== listType),
                      )
                    }
                  />
                  {t(`pricing.lists.${listType}`)}
                </label>
              ))}
            </fieldset>
            {err('listTypes') && (
              <p
                id={`${id('listTypes')}-error`}
                role="alert"
                className="text-xs text-red-600 dark:text-red-400"
              >
                {err('listTypes')}
              </p>
            )}
            <Field
              id={id('brands')}
              label={t('pricing.form.brands')}
              hint={t('pricing.form.brandsHint')}
              error={err('brands')}
            >
              <div className="flex gap-2">
                <Input
                  id={id('brands')}
                  data-testid="pricing-field-brand"
                  value={brandText}
                  onChange={(e) => setBrandText(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addBrand();
                    }
                  }}
                />
                <Button type="button" variant="outline" onClick={addBrand} data-testid="pricing-brand-add">
                  {t('pricing.form.addBrand')}
                </Button>
              </div>
            </Field>
            {draft.brands.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t('pricing.form.brands')}>
                {draft.brands.map((brand) => (
                  <li
                    key={brand}
                    className="flex items-center gap-1 rounded-full bg-neutral-100 py-0.5 pr-1 pl-3 text-sm dark:bg-neutral-800"
                  >
                    {brand}
                    <button
                      type="button"
                      className="rounded-full px-1.5 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-orange-500 dark:hover:bg-neutral-700"
                      aria-label={t('pricing.form.removeBrand', { brand })}
                      onClick={() =>
                        set(
                          'brands',
                          draft.brands.filter((b) => b !== brand),
                        )
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <ItemPicker
              listTypes={draft.listTypes}
              itemIds={draft.itemIds}
              onChange={(itemIds) => set('itemIds', itemIds)}
              error={err('itemIds')}
            />
          </Section>

          <Section legend={t('pricing.form.rule')}>
            {choice(
              'ruleKind',
              t('pricing.form.ruleKind'),
              PRICING_RULE_KINDS,
              draft.ruleKind,
              (v) => set('ruleKind', v),
              (v) => t(`pricing.rule.kind.${v}`),
            )}
            {draft.ruleKind === 'beat_lowest_ask' &&
              stepField('beatBy', t('pricing.form.beatBy'), draft.beatBy, (v) => set('beatBy', v))}
            {draft.ruleKind === 'between_bid_ask' && (
              <Field
                id={id('position')}
                label={t('pricing.form.position')}
                hint={t('pricing.form.positionHint')}
              >
                <div className="flex items-center gap-3">
                  <input
                    type="range"
                    min={0}
                    max={100}
                    step={5}
                    aria-labelledby={`${id('position')}-label`}
                    className="flex-1 accent-orange-600"
                    value={draft.position}
                    onChange={(e) => set('position', Number(e.target.value))}
                  />
                  <span id={`${id('position')}-label`} className="sr-only">
                    {t('pricing.form.position')}
                  </span>
                  <Input
                    id={id('position')}
                    type="number"
                    min={0}
                    max={100}
                    className="w-20"
                    data-testid="pricing-field-position"
                    value={draft.position}
                    onChange={(e) => set('position', Math.min(100, Math.max(0, Number(e.target.value) || 0)))}
                  />
                </div>
              </Field>
            )}
            {draft.ruleKind === 'margin_over_cost' && (
              <>
                {stepField('margin', t('pricing.form.margin'), draft.margin, (v) => set('margin', v))}
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    role="switch"
                    data-testid="pricing-field-marginNet"
                    checked={draft.marginNet}
                    onChange={(e) => set('marginNet', e.target.checked)}
                  />
                  {t('pricing.form.marginNet')}
                </label>
              </>
            )}
            {draft.ruleKind === 'fixed' &&
              amountField('fixedPrice', t('pricing.form.fixedPrice'), draft.fixedPrice, (v) =>
                set('fixedPrice', v),
              )}
            {choice(
              'market',
              t('pricing.form.market'),
              PRICING_MARKET_SOURCES,
              draft.market,
              (v) => set('market', v),
              (v) => t(`pricing.market.${v}`),
            )}
          </Section>

          <Section legend={t('pricing.form.guards')}>
            {choice(
              'floorKind',
              t('pricing.form.floor'),
              ['none', 'amount', 'cost_plus'] as const,
              draft.floorKind,
              (v) => set('floorKind', v),
              (v) => t(`pricing.form.floorKind.${v}`),
            )}
            {draft.floorKind === 'amount' &&
              amountField('floorAmount', t('pricing.form.floorAmount'), draft.floorAmount, (v) =>
                set('floorAmount', v),
              )}
            {draft.floorKind === 'cost_plus' &&
              stepField('floorMargin', t('pricing.form.floorMargin'), draft.floorMargin, (v) =>
                set('floorMargin', v),
              )}
            {amountField(
              'ceiling',
              t('pricing.form.ceiling'),
              draft.ceiling,
              (v) => set('ceiling', v),
              t('pricing.form.optional'),
            )}
            {choice(
              'maxChangeMode',
              t('pricing.form.maxChange'),
              ['none', 'amount', 'percent'] as const,
              draft.maxChangeMode,
              (v) => set('maxChangeMode', v),
              (v) => t(`pricing.form.maxChangeMode.${v}`),
            )}
            {draft.maxChangeMode !== 'none' &&
              amountField('maxChange', t('pricing.form.maxChangeValue'), draft.maxChange, (v) =>
                set('maxChange', v),
              )}
            {choice(
              'rounding',
              t('pricing.form.rounding'),
              PRICING_ROUNDINGS,
              draft.rounding,
              (v) => set('rounding', v),
              (v) => t(`pricing.rounding.${v}`),
            )}
            {choice(
              'noMarketKind',
              t('pricing.form.noMarket'),
              ['keep', 'fixed', 'cost_plus'] as const,
              draft.noMarketKind,
              (v) => set('noMarketKind', v),
              (v) => t(`pricing.form.noMarketKind.${v}`),
            )}
            {draft.noMarketKind === 'fixed' &&
              amountField('noMarketPrice', t('pricing.form.noMarketPrice'), draft.noMarketPrice, (v) =>
                set('noMarketPrice', v),
              )}
            {draft.noMarketKind === 'cost_plus' &&
              stepField('noMarketMargin', t('pricing.form.noMarketMargin'), draft.noMarketMargin, (v) =>
                set('noMarketMargin', v),
              )}
          </Section>

          <Section legend={t('pricing.form.channelAndTarget')}>
            {choice(
              'channel',
              t('pricing.form.channel'),
              PRICING_CHANNELS,
              draft.channel,
              (v) => set('channel', v),
              (v) => t(`pricing.channel.${v}`),
            )}
            <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="pricing-default-fees">
              {t('pricing.form.defaultFees', {
                percent: percent(words, defaults.bps),
                fixed: money(words, defaults.fixedCents),
              })}
            </p>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                role="switch"
                data-testid="pricing-field-feesOverride"
                checked={draft.feesOverride}
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    feesOverride: e.target.checked,
                    feesPercent: d.feesPercent || String(defaults.bps / 100),
                    feesFixed: d.feesFixed || (defaults.fixedCents / 100).toFixed(2),
                  }))
                }
              />
              {t('pricing.form.feesOverride')}
            </label>
            {draft.feesOverride && (
              <div className="grid gap-3 sm:grid-cols-2">
                {amountField('feesPercent', t('pricing.form.feesPercent'), draft.feesPercent, (v) =>
                  set('feesPercent', v),
                )}
                {amountField('feesFixed', t('pricing.form.feesFixed'), draft.feesFixed, (v) =>
                  set('feesFixed', v),
                )}
              </div>
            )}
            {choice(
              'target',
              t('pricing.form.target'),
              targets,
              isStore ? draft.target : 'list',
              (v) => set('target', v),
              (v) => t(`pricing.target.${v}`),
            )}
            {choice(
              'schedule',
              t('pricing.form.schedule'),
              PRICING_SCHEDULES,
              draft.schedule,
              (v) => set('schedule', v),
              (v) => t(`pricing.schedule.${v}`),
            )}
            {draft.schedule !== 'off' && (
              <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('pricing.form.autoHint')}</p>
            )}
          </Section>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onDone} data-testid="pricing-editor-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="pricing-editor-save">
              {t('pricing.editor.save')}
            </Button>
          </div>
        </form>
        <div className="lg:sticky lg:top-4 lg:self-start">
          <LiveExample config={config} words={words} />
        </div>
      </div>
    </div>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
