import { Suspense, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import { ApiError, formatMoney, formatSize, type Sale } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { ShipmentsPanel } from '../../../lib/widget-slots/shipments-panel';
import { useSale, useUpdateSale } from '../api/queries';
import { formatDay, signedMoney } from '../model/format';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';

/** Where the sold thing lives, when it still has a page. */
function sourceHref(sale: Sale): string | undefined {
  if (sale.source === 'inventory' && sale.itemId) return `/dashboard/inventory-item/${sale.itemId}`;
  if (sale.source === 'virtual' && sale.itemId) return `/dashboard/virtual-product/${sale.itemId}`;
  if (sale.source === 'consignment' && sale.providerId) return `/dashboard/providers/${sale.providerId}`;
  if (sale.source === 'order' && sale.orderId) return `/dashboard/order/${sale.orderId}`;
  return undefined;
}

/** /dashboard/sale/{id}: every field, the profit's breakdown, the email, shipping and shipments. */
export function SaleDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useSale(id);
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{t('details.sale')}</h1>
        <div role="alert" data-testid="sale-error" className="flex flex-col items-center gap-3 p-6 text-sm">
          {notFound ? t('sales.detail.notFound') : t('sales.detail.loadError')}
          {notFound ? (
            <Link to="/dashboard/sales" className="underline">
              {t('sales.detail.back')}
            </Link>
          ) : (
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('errors.retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return <SaleView sale={query.data} />;
}

const card =
  'flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900';

function SaleView({ sale }: { sale: Sale }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [editing, setEditing] = useState(false);
  const money = (cents: number) => formatMoney({ amount: cents, currency: sale.currency }, locale);
  const href = sourceHref(sale);
  const rows: Array<[string, string]> = [
    [t('sales.fields.sku'), sale.sku || '—'],
    [t('sales.fields.brand'), sale.brand || '—'],
    [t('sales.fields.colorway'), sale.colorway || '—'],
    [t('sales.fields.size'), formatSize(sale.size)],
    [t('sales.fields.quantity'), String(sale.quantity)],
    [t('sales.fields.source'), t(`sales.source.${sale.source}`)],
    [t('sales.fields.saleDate'), formatDay(sale.saleDate, locale)],
    [t('sales.fields.currency'), sale.currency],
  ];

  return (
    <div className="flex max-w-4xl flex-col gap-6" data-testid="sale-detail">
      <Link
        to="/dashboard/sales"
        className="inline-flex items-center gap-1 self-start text-sm text-neutral-600 hover:underline dark:text-neutral-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('sales.detail.back')}
      </Link>
      <div className="flex min-w-0 flex-col gap-4 sm:flex-row">
        <img
          src={sale.imageUrl || PLACEHOLDER_IMAGE}
          alt=""
          onError={showPlaceholder}
          className="h-32 w-32 shrink-0 rounded-xl bg-neutral-100 object-cover dark:bg-neutral-800"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <h1 data-testid="sale-name" className="text-2xl font-bold tracking-tight break-words">
            {sale.name}
          </h1>
          {href && (
            <Link to={href} className="text-sm underline">
              {t(`sales.detail.openSource.${sale.source}`)}
            </Link>
          )}
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-neutral-500">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <section aria-labelledby="sale-profit-title" className={card}>
        <h2 id="sale-profit-title" className="text-lg font-semibold">
          {t('sales.detail.profitTitle')}
        </h2>
        <dl
          data-testid="sale-breakdown"
          className="grid max-w-sm grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums"
        >
          <dt>{t('sales.fields.salePrice')}</dt>
          <dd className="text-right">{money(sale.salePrice)}</dd>
          <dt>{t('sales.detail.cost')}</dt>
          <dd className="text-right">−{money(sale.purchasePrice)}</dd>
          <dt>{t('sales.fields.fees')}</dt>
          <dd className="text-right">−{money(sale.fees)}</dd>
          <dt className="border-t border-neutral-200 pt-1 font-semibold dark:border-neutral-800">
            {t('sales.fields.profit')}
          </dt>
          <dd
            data-testid="sale-detail-profit"
            className={cn(
              'border-t border-neutral-200 pt-1 text-right font-semibold dark:border-neutral-800',
              sale.profit < 0 && 'text-red-600 dark:text-red-400',
            )}
          >
            {signedMoney(sale.profit, sale.currency, locale)}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="sale-buyer-title" className={card}>
        <h2 id="sale-buyer-title" className="text-lg font-semibold">
          {t('sales.detail.buyerTitle')}
        </h2>
        <p className="text-sm">
          {sale.clientId ? (
            <Link to={`/dashboard/clients/${sale.clientId}`} className="font-medium underline">
              {sale.buyerName || t('sales.detail.client')}
            </Link>
          ) : (
            <span className="font-medium">{sale.buyerName}</span>
          )}
        </p>
        <p data-testid="sale-email-status" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t('sales.detail.email')}</span>
          {sale.confirmationQueuedAt ? (
            <Badge tone="blue">
              {t('sales.detail.emailQueued', {
                date: new Date(sale.confirmationQueuedAt).toLocaleString(locale, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
            </Badge>
          ) : (
            <Badge>{sale.clientId ? t('sales.detail.emailNotSent') : t('sales.detail.emailNoClient')}</Badge>
          )}
        </p>
      </section>

      <section aria-labelledby="sale-shipping-title" className={card}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sale-shipping-title" className="text-lg font-semibold">
            {t('sales.detail.shippingTitle')}
          </h2>
          {!editing && (
            <Button size="sm" variant="outline" data-testid="sale-edit" onClick={() => setEditing(true)}>
              {t('sales.detail.edit')}
            </Button>
          )}
        </div>
        {editing ? (
          <ShippingForm sale={sale} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
            <dt className="font-medium text-neutral-500">{t('sales.fields.shippingCarrier')}</dt>
            <dd data-testid="sale-carrier" className="break-words">
              {sale.shippingCarrier ?? '—'}
            </dd>
            <dt className="font-medium text-neutral-500">{t('sales.fields.trackingNumber')}</dt>
            <dd data-testid="sale-tracking" className="break-all">
              {sale.trackingNumber ?? '—'}
            </dd>
            <dt className="font-medium text-neutral-500">{t('sales.fields.notes')}</dt>
            <dd data-testid="sale-notes" className="break-words whitespace-pre-wrap">
              {sale.notes ?? '—'}
            </dd>
          </dl>
        )}
      </section>

      <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-24" />}>
        <ShipmentsPanel link={{ kind: 'sale', id: sale.id }} />
      </Suspense>
    </div>
  );
}

const textareaClass =
  'w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900';

type ShippingField = 'shippingCarrier' | 'trackingNumber' | 'notes';

function ShippingForm({ sale, onDone }: { sale: Sale; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateSale(sale.id);
  const [draft, setDraft] = useState<Record<ShippingField, string>>({
    shippingCarrier: sale.shippingCarrier ?? '',
    trackingNumber: sale.trackingNumber ?? '',
    notes: sale.notes ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      {
        shippingCarrier: orNull(draft.shippingCarrier),
        trackingNumber: orNull(draft.trackingNumber),
        notes: orNull(draft.notes),
      },
      {
        onSuccess: () => {
          toast.success(t('sales.detail.saved'));
          onDone();
        },
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          if (error instanceof ApiError && error.fields)
            setErrors({
              shippingCarrier: error.fields.shippingCarrier?.[0],
              trackingNumber: error.fields.trackingNumber?.[0],
              notes: error.fields.notes?.[0],
            });
          toast.error(t('sales.detail.saveError'));
        },
      },
    );
  };

  const input = (key: ShippingField) => {
    const fieldId = `${id}-${key}`;
    const error = errors[key];
    const shared = {
      id: fieldId,
      name: key,
      'data-testid': `sale-form-${key}`,
      value: draft[key],
      'aria-invalid': Boolean(error),
      'aria-describedby': error ? `${fieldId}-error` : undefined,
      onChange: (e: { target: { value: string } }) => {
        setDraft((d) => ({ ...d, [key]: e.target.value }));
        setErrors((prev) => ({ ...prev, [key]: undefined }));
      },
    };
    return (
      <Field
        id={fieldId}
        label={t(`sales.fields.${key}`)}
        error={error}
        className={key === 'notes' ? 'sm:col-span-2' : undefined}
      >
        {key === 'notes' ? (
          <textarea {...shared} rows={3} maxLength={2000} className={textareaClass} />
        ) : (
          <Input {...shared} maxLength={60} autoComplete="off" />
        )}
      </Field>
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="sale-form" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {input('shippingCarrier')}
        {input('trackingNumber')}
        {input('notes')}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="sale-form-submit" disabled={update.isPending}>
          {update.isPending ? t('sales.detail.saving') : t('sales.detail.save')}
        </Button>
      </div>
    </form>
  );
}
