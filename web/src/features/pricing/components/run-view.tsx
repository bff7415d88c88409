import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ApiError,
  PRICING_ROW_FILTERS,
  type Currency,
  type PricingRun,
  type PricingRunRow,
} from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { pageItems } from '../../../lib/page-items';
import { relativeTime } from '../../../lib/relative-time';
import { formatName, formatSku } from '../../../lib/item-format';
import { useApplyRun, useRun, useRunRows, useUndoRun } from '../api/queries';
import {
  deciderText,
  inputText,
  money,
  percent,
  signedMoney,
  warningText,
  type Words,
} from '../model/describe';
import {
  applyBody,
  changeOf,
  isApplicable,
  isSelected,
  NO_SELECTION,
  selectedCount,
  toggleRow,
  type RowFilter,
  type RowSelection,
} from '../model/rows';

/** What a refused apply or undo says (docs/product/pricing-strategies.md#screens). */
function refusalKey(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410) return 'pricing.run.expired';
  if (error.code === 'RUN_NOT_PREVIEW') return 'pricing.run.notPreview';
  if (error.code === 'RUN_NOT_APPLIED') return 'pricing.run.notApplied';
  return null;
}

const SKIP_REASONS = new Set(['changed_since_preview', 'item_gone', 'changed_since_apply']);

/** "Applied 18 · skipped 2" and why the skipped ones were left alone. */
function resultToast(words: Words, key: string, count: number, skipped: { reason: string }[]) {
  const { t } = words;
  const reasons = new Map<string, number>();
  for (const { reason } of skipped) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  const description = [...reasons]
    .map(([reason, n]) =>
      t(`pricing.skipReason.${SKIP_REASONS.has(reason) ? reason : 'other'}`, { count: n }),
    )
    .join(' ');
  toast.success(t(key, { count, skipped: skipped.length }), description ? { description } : undefined);
}

/**
 * One run (docs/product/pricing-strategies.md#screens): a preview's rows with their filters,
 * ticks and Apply, or an applied run's rows with Undo run.
 */
export function RunView({
  runId,
  currency,
  onBack,
}: {
  runId: string;
  currency: Currency;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const runQuery = useRun(runId);
  const words: Words = { t, language: i18n.language, currency };
  if (runQuery.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (runQuery.isError)
    return (
      <div
        role="alert"
        data-testid="pricing-run-error"
        className="flex flex-col items-center gap-2 p-6 text-sm"
      >
        {t('pricing.run.loadError')}
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void runQuery.refetch()}>
            {t('errors.retry')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onBack}>
            {t('pricing.run.back')}
          </Button>
        </div>
      </div>
    );
  return <Run run={runQuery.data} words={words} onBack={onBack} />;
}

function Run({ run, words, onBack }: { run: PricingRun; words: Words; onBack: () => void }) {
  const { t, language } = words;
  const isDemo = useDemoMode();
  const [filter, setFilter] = useState<RowFilter>('all');
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION);
  const [confirming, setConfirming] = useState<'apply' | 'undo' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applyKey] = useState(newIdempotencyKey);
  const [undoKey] = useState(newIdempotencyKey);
  const rowsQuery = useRunRows(run.id, filter);
  const rows = useMemo(() => pageItems(rowsQuery.data, (page) => page.rows), [rowsQuery.data]);
  const apply = useApplyRun();
  const undo = useUndoRun();
  const now = useMemo(() => new Date(), [rowsQuery.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const previewed = run.status === 'previewed';
  const count = selectedCount(selection, run.counts.changes);
  const allTicked = selection.all && selection.ids.size === 0;

  const onError = (error: unknown) => {
    if (isDemoRefusal(error)) return;
    const key = refusalKey(error);
    setRefusal(key ?? 'pricing.run.writeError');
    toast.error(t(key ?? 'pricing.run.writeError'));
  };

  const confirm = () => {
    const action = confirming;
    setConfirming(null);
    if (isDemo) return showDemoToast();
    if (action === 'apply')
      apply.mutate(
        { runId: run.id, selection: applyBody(selection), idempotencyKey: applyKey },
        {
          onSuccess: (result) => {
            setSelection(NO_SELECTION);
            resultToast(words, 'pricing.run.applied', result.run.counts.applied, result.skipped);
          },
          onError,
        },
      );
    else if (action === 'undo')
      undo.mutate(
        { runId: run.id, idempotencyKey: undoKey },
        {
          onSuccess: (result) =>
            resultToast(words, 'pricing.run.undone', result.run.counts.undone, result.skipped),
          onError,
        },
      );
  };

  // The run replaces the list: its heading takes the focus, so a screen reader says where it is.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const counts = run.counts;
  return (
    <div className="flex max-w-6xl min-w-0 flex-col gap-5" data-testid="pricing-run" data-status={run.status}>
      <div className="flex flex-col gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={onBack}
          data-testid="pricing-run-back"
        >
          ← {t('pricing.run.back')}
        </Button>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight break-words focus:outline-none"
        >
          {t(previewed ? 'pricing.run.previewTitle' : 'pricing.run.title', { name: run.strategyName })}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <Badge
            tone={run.status === 'applied' ? 'blue' : run.status === 'previewed' ? 'orange' : 'neutral'}
            data-testid="pricing-run-status"
          >
            {t(`pricing.status.${run.status}`)}
          </Badge>
          <span>{t(`pricing.trigger.${run.trigger}`)}</span>
          <span>{new Date(run.createdAt).toLocaleString(language)}</span>
        </p>
        <p className="text-sm" data-testid="pricing-run-counts">
          {t('pricing.run.counts', {
            items: counts.items,
            changes: counts.changes,
            warnings: counts.warnings,
            applied: counts.applied,
            skipped: counts.skipped,
          })}
        </p>
      </div>

      {previewed && run.marketPending > 0 && (
        // The preview answered before every product's market data was read (the refresh has a
        // time budget: docs/product/pricing-strategies.md#limits); a preview a minute later has it.
        <p
          role="status"
          data-testid="pricing-run-market-pending"
          className="rounded-xl border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900 dark:border-orange-900 dark:bg-orange-950 dark:text-orange-200"
        >
          {t('pricing.run.marketPending', { count: run.marketPending })}
        </p>
      )}

      {refusal && (
        <p
          role="alert"
          data-testid="pricing-run-refusal"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {t(refusal)}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('pricing.rows.filter')}>
        {PRICING_ROW_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'default' : 'outline'}
            aria-pressed={filter === f}
            data-testid={`pricing-filter-${f}`}
            onClick={() => setFilter(f)}
          >
            {t(`pricing.rows.filters.${f}`)}
          </Button>
        ))}
      </div>

      {previewed && counts.changes > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              data-testid="pricing-select-all"
              checked={allTicked}
              ref={(el) => {
                if (el) el.indeterminate = !allTicked && count > 0;
              }}
              onChange={() => setSelection(allTicked ? NO_SELECTION : { all: true, ids: new Set() })}
            />
            {t('pricing.rows.selectAll', { count: counts.changes })}
          </label>
          <span
            className="text-sm text-neutral-600 dark:text-neutral-400"
            aria-live="polite"
            data-testid="pricing-selected-count"
          >
            {t('pricing.rows.selected', { count })}
          </span>
          <Button
            className="ml-auto"
            data-testid="pricing-apply"
            disabled={count === 0 || apply.isPending}
            onClick={() => setConfirming('apply')}
          >
            {t('pricing.rows.apply', { count })}
          </Button>
        </div>
      )}
      {run.status === 'applied' && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            data-testid="pricing-undo"
            disabled={undo.isPending}
            onClick={() => setConfirming('undo')}
          >
            {t('pricing.run.undo')}
          </Button>
        </div>
      )}

      <PagedList
        query={rowsQuery}
        items={rows}
        getKey={(row) => row.itemId}
        label={t('pricing.rows.label')}
        testId="pricing-rows"
        rowTestId="pricing-row"
        rowAttributes={(row) => ({ 'data-item-id': row.itemId, 'data-state': row.state })}
        errorText={t('pricing.rows.loadError')}
        empty={t(`pricing.rows.empty.${filter}`)}
        renderItem={(row) => (
          <RunRow
            row={row}
            words={{ ...words, currency: row.currency }}
            now={now}
            selectable={previewed && isApplicable(row)}
            selected={isSelected(selection, row.itemId)}
            onToggle={() => setSelection((s) => toggleRow(s, row.itemId))}
          />
        )}
      />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t(confirming === 'undo' ? 'pricing.run.undoTitle' : 'pricing.run.applyTitle', { count })}
        description={t(confirming === 'undo' ? 'pricing.run.undoBody' : 'pricing.run.applyBody', { count })}
        confirmLabel={t(confirming === 'undo' ? 'pricing.run.undo' : 'pricing.rows.apply', { count })}
        confirmVariant="default"
        pending={apply.isPending || undo.isPending}
        onConfirm={confirm}
        confirmTestId="pricing-confirm"
      />
    </div>
  );
}

function RunRow({
  row,
  words,
  now,
  selectable,
  selected,
  onToggle,
}: {
  row: PricingRunRow;
  words: Words;
  now: Date;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t, language } = words;
  const name = formatName(row.name);
  const change = changeOf(row);
  const price = (cents: number | null) => (cents === null ? '—' : money(words, cents));
  const refreshedAgo = row.marketRefreshedAt ? relativeTime(row.marketRefreshedAt, now, language) : null;
  return (
    <div className="grid min-w-0 grid-cols-[1.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm md:grid-cols-[1.5rem_minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1.7fr)]">
      <div className="pt-0.5">
        {selectable && (
          <input
            type="checkbox"
            data-testid="pricing-row-select"
            aria-label={t('pricing.rows.selectRow', { name })}
            checked={selected}
            onChange={onToggle}
          />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold break-words">{name}</span>
        <span className="text-xs break-words text-neutral-500">
          {[formatSku(row.sku), row.sizes.join(', '), t(`pricing.lists.${row.listType}`)]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="col-start-2 flex flex-col gap-0.5 md:col-start-auto">
        <span data-testid="pricing-row-prices">
          {price(row.currentPrice)} → <strong>{price(row.newPrice)}</strong>
        </span>
        {change && change.cents !== 0 && (
          <span
            data-testid="pricing-row-change"
            className={
              change.cents < 0
                ? 'text-xs text-red-700 dark:text-red-400'
                : 'text-xs text-green-700 dark:text-green-400'
            }
          >
            {signedMoney(words, change.cents)}
            {change.bps !== null && ` (${percent(words, change.bps, true)})`}
          </span>
        )}
        {!row.changed && <span className="text-xs text-neutral-500">{t('pricing.rows.noChange')}</span>}
      </div>
      <div className="col-start-2 flex min-w-0 flex-col gap-1 md:col-start-auto">
        <span data-testid="pricing-row-decided">
          {inputText(words, row.input)} · {deciderText(words, row.decidedBy)}
        </span>
        {row.marginAfterFees !== null && (
          <span
            data-testid="pricing-row-margin"
            className={
              row.marginAfterFees < 0
                ? 'text-red-700 dark:text-red-400'
                : 'text-green-700 dark:text-green-400'
            }
          >
            {t('pricing.rows.margin', { margin: signedMoney(words, row.marginAfterFees) })}
          </span>
        )}
        {(row.warnings.length > 0 || row.state !== 'pending') && (
          <ul className="flex flex-wrap gap-1" aria-label={t('pricing.rows.warnings')}>
            {row.state !== 'pending' && row.state !== 'unchanged' && (
              <li>
                <Badge tone={row.state === 'skipped' ? 'purple' : 'blue'} data-testid="pricing-row-state">
                  {row.state === 'skipped' && row.skipReason
                    ? t(`pricing.rowState.skippedBecause.${row.skipReason}`)
                    : t(`pricing.rowState.${row.state}`)}
                </Badge>
              </li>
            )}
            {row.warnings.map((w) => (
              <li key={w}>
                <Badge tone="orange" data-testid="pricing-row-warning">
                  {warningText(words, w, refreshedAgo)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
