import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, formatMoney, formatSize } from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useDeleteItem, useMyItem } from '../api/queries';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';
import { formatBrand, formatName, formatSku } from '../../../lib/item-format';
import { ITEM_LIST_PATHS, LIST_PRICE_FIELD } from '../model/items';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ItemForm } from './item-form';
import { publicHint } from './visibility-badge';
import { useListsProfile, type DashboardListType } from './list-section';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { SellDialog, usePreloadSellDialog, type SellTarget } from '../../../lib/widget-slots/sell-dialog';
import { inventorySellTarget } from '../../../lib/sell-target';
import { ItemPriceHistory } from '../../../lib/widget-slots/item-price-history';

export function ItemDetail({
  id,
  listType,
  title,
}: {
  id: string;
  listType: DashboardListType;
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const profile = useListsProfile();
  const query = useMyItem(id, profile !== null);
  const remove = useDeleteItem(listType);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [selling, setSelling] = useState<SellTarget | null>(null);
  const preloadSellDialog = usePreloadSellDialog();
  const back = `/dashboard/${ITEM_LIST_PATHS[listType].section}`;

  if (!profile) return <NotAvailable section={title} level={1} />;
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <p role="alert" data-testid="item-error" className="p-6 text-center text-sm">
        {notFound ? t('lists.notFound') : t('lists.loadError')}
      </p>
    );
  }
  const item = query.data;
  const hint = publicHint(item, profile);
  const sellTarget = inventorySellTarget(item);
  const money = (cents: number | null) =>
    cents === null ? '—' : formatMoney({ amount: cents, currency: item.currency }, i18n.language);
  const rows: Array<[string, string]> = [
    [t('lists.form.sku'), formatSku(item.sku)],
    [t('lists.form.brand'), formatBrand(item.brand) || '—'],
    [t('lists.form.colorway'), item.colorway || '—'],
    [t('lists.form.sizes'), item.sizes.map(formatSize).join(', ')],
    [t(`lists.form.${LIST_PRICE_FIELD[item.listType]}`), money(item[LIST_PRICE_FIELD[item.listType]])],
    [t('lists.form.purchasePrice'), money(item.purchasePrice)],
    [t('lists.form.purchaseDate'), item.purchaseDate ?? '—'],
    [t('lists.form.source'), item.source ?? '—'],
    [t('lists.form.status'), t(`lists.status.${item.status}`)],
    [
      t('lists.form.visibility'),
      [t(`lists.visibility.${item.visibility}`), hint && t(hint)].filter(Boolean).join(' · '),
    ],
    [t('lists.form.notes'), item.notes ?? '—'],
  ];

  return (
    <div className="flex max-w-4xl flex-col gap-6" data-testid="item-detail">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words">{formatName(item.name)}</h1>
        {item.urgent && <Badge tone="red">{t('lists.urgent')}</Badge>}
        <div className="ml-auto flex gap-2">
          {sellTarget && (
            <Button
              data-testid="item-sell"
              onMouseEnter={() => void preloadSellDialog()}
              onFocus={() => void preloadSellDialog()}
              onClick={() => setSelling(sellTarget)}
            >
              {t('lists.sell')}
            </Button>
          )}
          <Button variant="outline" data-testid="item-edit" onClick={() => setEditing((e) => !e)}>
            {editing ? t('common.cancel') : t('lists.edit')}
          </Button>
          <Button variant="destructive" data-testid="item-delete" onClick={() => setDeleting(true)}>
            {t('lists.delete')}
          </Button>
        </div>
      </div>
      {editing ? (
        <ItemForm
          listType={listType}
          currency={profile.currency}
          item={item}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex min-w-0 flex-col gap-6 sm:flex-row">
          <img
            src={item.imageUrl || PLACEHOLDER_IMAGE}
            alt={formatName(item.name)}
            onError={showPlaceholder}
            className="h-48 w-48 rounded-xl object-cover"
          />
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-neutral-500">{label}</dt>
                <dd className="break-words whitespace-pre-wrap">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {/* Strategies reprice inventory, WTS and WTC items (a WTB target is what the store pays). */}
      {item.listType !== 'wtb' && (
        <Suspense fallback={null}>
          <ItemPriceHistory itemId={item.id} />
        </Suspense>
      )}
      <SellDialog target={selling} onOpenChange={(open) => !open && setSelling(null)} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('lists.deleteTitle')}
        description={t('lists.deleteBody', { name: formatName(item.name) })}
        confirmLabel={t('lists.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              toast.success(t('lists.toast.deleted'));
              void navigate(back);
            },
            onError: (error) => isDemoRefusal(error) || toast.error(t('lists.toast.deleteError')),
          })
        }
      />
    </div>
  );
}
