import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize, type Item } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { formatName, formatSku } from '../../../lib/item-format';
import { matchesSearch } from '../../../lib/item-search';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';
import { inventorySellTarget } from '../../../lib/sell-target';
import { SellDialog, usePreloadSellDialog, type SellTarget } from '../../../lib/widget-slots/sell-dialog';
import { useSellablePairs } from '../api/queries';

/**
 * 'Sell a pair' in Sales (docs/product/commerce.md#sell-a-pair): a searchable list of the
 * store's unsold inventory pairs; picking one opens the same Sell dialog as the inventory row.
 */
export function SellPairButton({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [selling, setSelling] = useState<SellTarget | null>(null);
  const preloadSellDialog = usePreloadSellDialog();
  return (
    <>
      <Button
        size={size}
        data-testid="sales-sell-pair"
        onMouseEnter={() => void preloadSellDialog()}
        onFocus={() => void preloadSellDialog()}
        onClick={() => setOpen(true)}
      >
        {t('sales.picker.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('sales.picker.title')}
        description={t('sales.picker.description')}
        closeLabel={t('common.close')}
        testId="sales-pair-picker"
        className="max-w-xl"
      >
        {open && (
          <PairList
            onPick={(target) => {
              setOpen(false);
              setSelling(target);
            }}
          />
        )}
      </Dialog>
      <SellDialog target={selling} onOpenChange={(next) => !next && setSelling(null)} />
    </>
  );
}

function PairList({ onPick }: { onPick: (target: SellTarget) => void }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useSellablePairs(true);
  const shown = useMemo(
    () => (query.data ?? []).filter((item) => matchesSearch(item, search)),
    [query.data, search],
  );

  let body;
  if (query.isPending) body = <CenteredSpinner label={t('common.loading')} className="min-h-32" />;
  else if (query.isError)
    body = (
      <div role="alert" className="flex flex-col items-center gap-2 p-4 text-sm">
        {t('sales.picker.loadError')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  else if (shown.length === 0)
    body = (
      <p data-testid="sales-pair-picker-empty" className="p-4 text-center text-sm text-neutral-600">
        {query.data.length === 0 ? t('sales.picker.none') : t('sales.picker.noMatch')}
      </p>
    );
  else
    body = (
      <ul aria-label={t('sales.picker.title')} className="flex max-h-[50svh] flex-col gap-2 overflow-y-auto">
        {shown.map((item) => (
          <PairRow key={item.id} item={item} onPick={onPick} />
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={searchId} className="sr-only">
        {t('sales.picker.search')}
      </label>
      <Input
        id={searchId}
        type="search"
        data-testid="sales-pair-picker-search"
        placeholder={t('sales.picker.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {body}
    </div>
  );
}

function PairRow({ item, onPick }: { item: Item; onPick: (target: SellTarget) => void }) {
  const { t } = useTranslation();
  const target = inventorySellTarget(item);
  if (!target) return null;
  const name = formatName(item.name);
  return (
    <li
      data-testid="sales-pair-picker-row"
      className="flex min-w-0 items-center gap-3 rounded-xl border border-neutral-200 p-2 dark:border-neutral-800"
    >
      <img
        src={item.imageUrl || PLACEHOLDER_IMAGE}
        alt=""
        loading="lazy"
        onError={showPlaceholder}
        className="h-10 w-10 shrink-0 rounded bg-neutral-100 object-cover dark:bg-neutral-800"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{name}</span>
        <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
          {[formatSku(item.sku), item.sizes.map(formatSize).join(', ')].join(' · ')}
        </span>
      </div>
      <Button
        size="sm"
        variant="outline"
        data-testid="sales-pair-picker-sell"
        aria-label={t('sales.picker.sellNamed', { name })}
        onClick={() => onPick(target)}
      >
        {t('sales.picker.sell')}
      </Button>
    </li>
  );
}
