import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { formatMoney, formatSize, type Item, type UserProfile } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NotAvailable } from '../../../components/not-available';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/form';
import { PagedList } from '../../../components/paged-list';
import { pageItems } from '../../../lib/page-items';
import { useSession } from '../../../lib/session/use-session';
import { useDeleteItem, useMyItems } from '../api/queries';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';
import { formatBrand, formatName, formatSku, listPrice } from '../../../lib/item-format';
import { DEFAULT_ITEM_FILTERS, filterItems, ITEM_LIST_PATHS, type ItemFilters } from '../model/items';
import { ItemForm } from './item-form';
import { ShareCard } from './share-card';
import { VisibilityBadge } from './visibility-badge';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { SellDialog, usePreloadSellDialog, type SellTarget } from '../../../lib/widget-slots/sell-dialog';
import { inventorySellTarget } from '../../../lib/sell-target';

export type DashboardListType = 'inventory' | 'wtb' | 'wts' | 'wtc';

/** The signed-in (or demo) store's profile; null while it loads or when signed out. */
export function useListsProfile(): UserProfile | null {
  const session = useSession();
  return session.status === 'signed-in' ? session.profile : null;
}

export function ItemsSection({ listType, title }: { listType: DashboardListType; title: string }) {
  const profile = useListsProfile();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {profile ? (
        <ItemsList listType={listType} profile={profile} title={title} />
      ) : (
        <NotAvailable section={title} />
      )}
    </div>
  );
}

export function formatItemPrice(item: Item, locale: string, amount = listPrice(item)): string {
  return amount === null ? '—' : formatMoney({ amount, currency: item.currency }, locale);
}

/** The prices a row shows, labelled: inventory its purchase and asking price, a list its own price. */
function rowPrices(item: Item): { key: string; label: string; amount: number | null }[] {
  if (item.listType === 'inventory')
    return [
      { key: 'purchase', label: 'lists.form.purchasePrice', amount: item.purchasePrice },
      { key: 'asking', label: 'lists.form.askingPrice', amount: item.askingPrice },
    ];
  const label = item.listType === 'wtb' ? 'lists.form.targetPrice' : 'lists.form.desiredPrice';
  return [{ key: 'list', label, amount: listPrice(item) }];
}

export function ItemsList({
  listType,
  profile,
  title,
  share = true,
}: {
  listType: DashboardListType;
  profile: UserProfile;
  title: string;
  /** Shows the list's share card above it (the Shareable Lists page shows every list's). */
  share?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const query = useMyItems(listType);
  const remove = useDeleteItem(listType);
  const [filters, setFilters] = useState<ItemFilters>(DEFAULT_ITEM_FILTERS);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [selling, setSelling] = useState<SellTarget | null>(null);
  const preloadSellDialog = usePreloadSellDialog();
  const loaded = useMemo(() => pageItems(query.data, (p) => p.items), [query.data]);
  const items = useMemo(() => filterItems(loaded, filters), [loaded, filters]);
  const set = <K extends keyof ItemFilters>(key: K, value: ItemFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const detailPath = (item: Item) => `/dashboard/${ITEM_LIST_PATHS[listType].detail}/${item.id}`;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('lists.toast.deleted'));
        setDeleting(null);
      },
      onError: (error) => isDemoRefusal(error) || toast.error(t('lists.toast.deleteError')),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {share && listType !== 'inventory' && <ShareCard profile={profile} listType={listType} />}
      <PagedList
        query={query}
        items={items}
        getKey={(item) => item.id}
        label={title}
        testId="items"
        errorText={t('lists.loadError')}
        search={{
          value: filters.search,
          onChange: (value) => set('search', value),
          label: t('lists.filters.search'),
        }}
        toolbar={
          <>
            <Select
              aria-label={t('lists.form.status')}
              data-testid="items-status"
              value={filters.status}
              onChange={(e) => set('status', e.target.value as ItemFilters['status'])}
              className="w-auto"
            >
              <option value="">{t('lists.filters.allStatuses')}</option>
              {(['available', 'pending', 'sold'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`lists.status.${s}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t('lists.form.visibility')}
              data-testid="items-visibility"
              value={filters.visibility}
              onChange={(e) => set('visibility', e.target.value as ItemFilters['visibility'])}
              className="w-auto"
            >
              <option value="">{t('lists.filters.allVisibilities')}</option>
              <option value="public">{t('lists.visibility.public')}</option>
              <option value="private">{t('lists.visibility.private')}</option>
            </Select>
            <Select
              aria-label={t('lists.filters.sort')}
              data-testid="items-sort"
              value={filters.sort}
              onChange={(e) => set('sort', e.target.value as ItemFilters['sort'])}
              className="w-auto"
            >
              <option value="newest">{t('lists.filters.newest')}</option>
              <option value="name">{t('lists.filters.name')}</option>
              <option value="price">{t('lists.filters.price')}</option>
            </Select>
            <label className="inline-flex h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                data-testid="items-urgent"
                checked={filters.urgentOnly}
                onChange={(e) => set('urgentOnly', e.target.checked)}
                className="h-4 w-4 accent-orange-600"
              />
              {t('lists.filters.urgentOnly')}
            </label>
            <Button data-testid="add-item" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('lists.add')}
            </Button>
          </>
        }
        empty={loaded.length === 0 ? t('lists.empty') : t('lists.noMatches')}
        rowTestId="item-row"
        // One column that never grows past the page: long names truncate instead of widening it.
        // Stacked cards on phones (docs/product/dashboard-shell.md#mobile-layout), one row from sm up.
        rowClassName="flex min-w-0 flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(item) => (
          <>
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <img
                src={item.imageUrl || PLACEHOLDER_IMAGE}
                alt=""
                loading="lazy"
                onError={showPlaceholder}
                className="h-12 w-12 shrink-0 rounded bg-neutral-100 object-cover dark:bg-neutral-800"
              />
              <div className="flex min-w-0 flex-1 flex-col">
                <Link to={detailPath(item)} className="truncate font-medium hover:underline">
                  {formatName(item.name)}
                </Link>
                <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
                  {[formatBrand(item.brand), formatSku(item.sku)].filter(Boolean).join(' · ')}
                </span>
                <span
                  data-testid="item-sizes"
                  className="text-xs break-words text-neutral-600 dark:text-neutral-400"
                >
                  {item.sizes.map(formatSize).join(', ')}
                </span>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:flex-nowrap">
              <div className="flex flex-wrap gap-1">
                {item.urgent && <Badge tone="red">{t('lists.urgent')}</Badge>}
                <Badge tone="blue">{t(`lists.status.${item.status}`)}</Badge>
                <VisibilityBadge item={item} owner={profile} />
              </div>
              <dl className="flex flex-wrap gap-x-3 text-sm">
                {rowPrices(item).map(({ key, label, amount }) => (
                  <div key={key} className="flex items-baseline gap-1" data-testid={`item-price-${key}`}>
                    <dt className="text-xs text-neutral-600 dark:text-neutral-400">{t(label)}</dt>
                    <dd className="font-semibold tabular-nums">
                      {formatItemPrice(item, i18n.language, amount)}
                    </dd>
                  </div>
                ))}
              </dl>
              <div className="ml-auto flex gap-1">
                {inventorySellTarget(item) && (
                  <Button
                    size="sm"
                    variant="outline"
                    data-testid="item-sell"
                    aria-label={t('lists.sellNamed', { name: formatName(item.name) })}
                    onMouseEnter={() => void preloadSellDialog()}
                    onFocus={() => void preloadSellDialog()}
                    onClick={() => setSelling(inventorySellTarget(item))}
                  >
                    {t('lists.sell')}
                  </Button>
                )}
                <Button size="sm" variant="ghost" data-testid="item-edit" onClick={() => setEditing(item)}>
                  {t('lists.edit')}
                </Button>
                <Button size="sm" variant="ghost" data-testid="item-delete" onClick={() => setDeleting(item)}>
                  {t('lists.delete')}
                </Button>
              </div>
            </div>
          </>
        )}
      />
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title={t(`lists.addTitle.${listType}`)}
        closeLabel={t('common.close')}
        className="max-w-3xl"
        testId="add-item-dialog"
      >
        <ItemForm
          listType={listType}
          currency={profile.currency}
          onSaved={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      </Dialog>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t('lists.editTitle', { name: editing ? formatName(editing.name) : '' })}
        closeLabel={t('common.close')}
        className="max-w-3xl"
        testId="edit-item-dialog"
      >
        {editing && (
          <ItemForm
            key={editing.id}
            listType={listType}
            currency={profile.currency}
            item={editing}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <SellDialog target={selling} onOpenChange={(open) => !open && setSelling(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('lists.deleteTitle')}
        description={t('lists.deleteBody', { name: deleting ? formatName(deleting.name) : '' })}
        confirmLabel={t('lists.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
