import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, Pencil, ShoppingBag, Trash2 } from 'lucide-react';
import { ApiError, formatMoney, type Currency, type VirtualProduct } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { SellDialog, usePreloadSellDialog, type SellTarget } from '../../../lib/widget-slots/sell-dialog';
import {
  useDeleteVirtualProduct,
  useRefreshAfterSale,
  useUpdateVirtualProduct,
  useVirtualProduct,
} from '../api/queries';
import { PLACEHOLDER_IMAGE, VIRTUAL_PRODUCTS_PATH } from '../model/virtual-product-form';
import { ActiveSwitch, SizesSummary } from './virtual-products-list';
import { VirtualProductForm } from './virtual-product-form';

function Problem({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="vp-not-found" className="flex flex-col items-center gap-3 p-8 text-center">
      <h1 className="text-xl font-semibold">
        {t(notFound ? 'virtualProducts.notFound' : 'virtualProducts.loadOneError')}
      </h1>
      <div className="flex flex-wrap justify-center gap-2">
        {!notFound && (
          <Button variant="outline" onClick={onRetry}>
            {t('virtualProducts.retry')}
          </Button>
        )}
        <Button asChild>
          <Link to={VIRTUAL_PRODUCTS_PATH}>{t('virtualProducts.back')}</Link>
        </Button>
      </div>
    </div>
  );
}

export function sellTargetOf(product: VirtualProduct): SellTarget {
  return {
    source: 'virtual',
    itemId: product.id,
    name: product.name,
    sizes: product.sizes,
    currency: product.currency,
    price: product.price,
    cost: product.costPrice,
  };
}

/** /dashboard/virtual-product/{id}: every field, edit, deactivate, delete and Sell. */
export function VirtualProductDetail({ id, currency }: { id: string; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const query = useVirtualProduct(id);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return <Problem notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  const product = query.data;
  const money = (amount: number) => formatMoney({ amount, currency: product.currency }, i18n.language);
  const date = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  };
  const rows: Array<[string, ReactNode]> = [
    [t('virtualProducts.form.sku'), product.sku.toUpperCase()],
    [t('virtualProducts.form.brand'), product.brand || '—'],
    [t('virtualProducts.form.colorway'), product.colorway || '—'],
    [t('virtualProducts.form.price'), <span data-testid="vp-detail-price">{money(product.price)}</span>],
    [t('virtualProducts.form.costPrice'), product.costPrice === null ? '—' : money(product.costPrice)],
    [t('virtualProducts.form.sizes'), <SizesSummary sizes={product.sizes} />],
    [t('virtualProducts.soldLabel'), <span data-testid="vp-detail-sold">{product.soldCount}</span>],
    [t('virtualProducts.form.notes'), product.notes || '—'],
    [t('virtualProducts.createdAt'), date(product.createdAt)],
    [t('virtualProducts.updatedAt'), date(product.updatedAt)],
  ];

  return (
    <div className="flex max-w-3xl flex-col gap-6" data-testid="vp-detail">
      <Link
        to={VIRTUAL_PRODUCTS_PATH}
        className="inline-flex w-fit items-center gap-1 text-sm text-neutral-600 hover:underline dark:text-neutral-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('virtualProducts.back')}
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={product.imageUrl ?? PLACEHOLDER_IMAGE}
          alt={product.name}
          onError={(e) => {
            if (e.currentTarget.src !== PLACEHOLDER_IMAGE) e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
          className="h-32 w-full rounded-lg bg-neutral-100 object-contain sm:w-32 dark:bg-neutral-800"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight break-words">{product.name}</h1>
            {!product.active && <Badge data-testid="vp-inactive">{t('virtualProducts.inactive')}</Badge>}
          </div>
          <ActiveSwitch product={product} />
        </div>
      </div>
      {!editing && <Actions product={product} onEdit={() => setEditing(true)} />}
      {editing ? (
        <VirtualProductForm
          key={product.updatedAt}
          currency={currency}
          product={product}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2 dark:border-neutral-800 dark:bg-neutral-900">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-neutral-500 max-sm:mt-2">{label}</dt>
              <dd className="min-w-0 break-words whitespace-pre-line">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function Actions({ product, onEdit }: { product: VirtualProduct; onEdit: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteVirtualProduct();
  const deactivate = useUpdateVirtualProduct(product.id);
  const refresh = useRefreshAfterSale();
  const [selling, setSelling] = useState<SellTarget | null>(null);
  const preloadSellDialog = usePreloadSellDialog();
  const [deleting, setDeleting] = useState(false);
  const [hasSales, setHasSales] = useState(false);

  const doDelete = () =>
    remove.mutate(product.id, {
      onSuccess: () => {
        setDeleting(false);
        toast.success(t('virtualProducts.toast.deleted'));
        void navigate(VIRTUAL_PRODUCTS_PATH);
      },
      onError: (error) => {
        setDeleting(false);
        if (error instanceof ApiError && error.code === 'VIRTUAL_PRODUCT_HAS_SALES') setHasSales(true);
        else if (!isDemoRefusal(error))
          toast.error(t('virtualProducts.toast.errorTitle'), {
            description: t('virtualProducts.toast.deleteError'),
          });
      },
    });

  const doDeactivate = () =>
    deactivate.mutate(
      { active: false },
      {
        onSuccess: () => {
          setHasSales(false);
          toast.success(t('virtualProducts.toast.deactivated'));
        },
        onError: (error) =>
          isDemoRefusal(error) ||
          toast.error(t('virtualProducts.toast.errorTitle'), {
            description: t('virtualProducts.toast.updateError'),
          }),
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        data-testid="vp-sell"
        disabled={!product.active}
        title={product.active ? undefined : t('virtualProducts.sellInactive')}
        onPointerEnter={() => void preloadSellDialog()}
        onFocus={() => void preloadSellDialog()}
        onClick={() => setSelling(sellTargetOf(product))}
      >
        <ShoppingBag aria-hidden="true" className="h-4 w-4" />
        {t('virtualProducts.sell')}
      </Button>
      <Button size="sm" variant="outline" data-testid="vp-edit" onClick={onEdit}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
        {t('virtualProducts.edit')}
      </Button>
      <Button size="sm" variant="destructive" data-testid="vp-delete" onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {t('virtualProducts.delete')}
      </Button>
      {!product.active && (
        <p className="w-full text-xs text-neutral-500" data-testid="vp-sell-inactive">
          {t('virtualProducts.sellInactive')}
        </p>
      )}
      <SellDialog
        target={selling}
        onOpenChange={(open) => !open && setSelling(null)}
        onSold={() => {
          setSelling(null);
          void refresh();
        }}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('virtualProducts.deleteTitle')}
        description={t('virtualProducts.deleteBody', { name: product.name })}
        confirmLabel={t('virtualProducts.delete')}
        pending={remove.isPending}
        onConfirm={doDelete}
        testId="vp-delete-dialog"
        confirmTestId="vp-delete-confirm"
      />
      <Dialog
        open={hasSales}
        onOpenChange={setHasSales}
        title={t('virtualProducts.hasSalesTitle')}
        description={t('virtualProducts.hasSalesBody', { count: product.soldCount })}
        closeLabel={t('common.close')}
        testId="vp-has-sales-dialog"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setHasSales(false)}>
            {t('common.cancel')}
          </Button>
          {product.active && (
            <Button
              data-testid="vp-has-sales-deactivate"
              disabled={deactivate.isPending}
              onClick={doDeactivate}
            >
              {t('virtualProducts.deactivate')}
            </Button>
          )}
        </div>
      </Dialog>
    </div>
  );
}
