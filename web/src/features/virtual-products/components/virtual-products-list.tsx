import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { formatMoney, formatSize, type VirtualProduct } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { pageItems } from '../../../lib/page-items';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useUpdateVirtualProduct, useVirtualProducts } from '../api/queries';
import { PLACEHOLDER_IMAGE, virtualProductHref } from '../model/virtual-product-form';

const SIZES_SHOWN = 6;

export function SizesSummary({ sizes }: { sizes: readonly string[] }) {
  const { t } = useTranslation();
  const shown = sizes.slice(0, SIZES_SHOWN).map(formatSize).join(', ');
  return (
    <span data-testid="vp-sizes">
      {sizes.length > SIZES_SHOWN
        ? t('virtualProducts.moreSizes', { sizes: shown, count: sizes.length - SIZES_SHOWN })
        : shown}
    </span>
  );
}

/** Active or not, from the list: a switch that saves at once. */
export function ActiveSwitch({ product }: { product: VirtualProduct }) {
  const { t } = useTranslation();
  const update = useUpdateVirtualProduct(product.id);
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        role="switch"
        data-testid="vp-active-toggle"
        checked={product.active}
        disabled={update.isPending}
        aria-label={t('virtualProducts.activeNamed', { name: product.name })}
        onChange={(e) =>
          update.mutate(
            { active: e.target.checked },
            {
              onSuccess: (saved) =>
                toast.success(
                  t(saved.active ? 'virtualProducts.toast.activated' : 'virtualProducts.toast.deactivated'),
                ),
              onError: (error) =>
                isDemoRefusal(error) ||
                toast.error(t('virtualProducts.toast.errorTitle'), {
                  description: t('virtualProducts.toast.updateError'),
                }),
            },
          )
        }
        className="h-4 w-4 accent-orange-600"
      />
      <span aria-hidden="true">{t('virtualProducts.active')}</span>
    </label>
  );
}

/** The virtual-products section: price, sizes, active and sold count per product. */
export function VirtualProductsList() {
  const { t, i18n } = useTranslation();
  const query = useVirtualProducts();
  const products = useMemo(() => pageItems(query.data, (p) => p.virtualProducts), [query.data]);
  const addButton = (
    <Button asChild>
      <Link to="/add-virtual-product" data-testid="vp-add">
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('virtualProducts.add')}
      </Link>
    </Button>
  );
  return (
    <PagedList
      query={query}
      items={products}
      getKey={(p) => p.id}
      label={t('virtualProducts.title')}
      testId="virtual-products"
      errorText={t('virtualProducts.loadError')}
      retryText={t('virtualProducts.retry')}
      toolbar={<div className="ml-auto">{addButton}</div>}
      empty={
        <>
          <p>{t('virtualProducts.empty')}</p>
          <Button asChild size="sm">
            <Link to="/add-virtual-product">{t('virtualProducts.add')}</Link>
          </Button>
        </>
      }
      rowTestId="vp-row"
      rowAttributes={(p) => ({ 'data-active': String(p.active) })}
      rowClassName="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
      renderItem={(p) => (
        <>
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <img
              src={p.imageUrl ?? PLACEHOLDER_IMAGE}
              alt=""
              loading="lazy"
              onError={(e) => {
                if (e.currentTarget.src !== PLACEHOLDER_IMAGE) e.currentTarget.src = PLACEHOLDER_IMAGE;
              }}
              className="h-12 w-12 shrink-0 rounded-md bg-neutral-100 object-contain dark:bg-neutral-800"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={virtualProductHref(p.id)}
                  className="max-w-full truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-orange-500"
                >
                  {p.name}
                </Link>
                {!p.active && <Badge data-testid="vp-inactive">{t('virtualProducts.inactive')}</Badge>}
              </div>
              <span className="truncate text-xs text-neutral-500">
                {p.sku.toUpperCase()} · <SizesSummary sizes={p.sizes} />
              </span>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <span data-testid="vp-sold" className="text-xs text-neutral-500">
              {t('virtualProducts.sold', { count: p.soldCount })}
            </span>
            <span data-testid="vp-price" className="font-semibold tabular-nums">
              {formatMoney({ amount: p.price, currency: p.currency }, i18n.language)}
            </span>
            <ActiveSwitch product={p} />
          </div>
        </>
      )}
    />
  );
}
