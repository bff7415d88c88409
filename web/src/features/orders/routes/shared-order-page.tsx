import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, formatMoney, formatSize } from '@sneakers/shared';
import { PageScreen } from '../../../components/page-screen';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSharedOrder } from '../api/queries';
import { OrderStatusBadge } from '../components/status-badge';
import { formatDate, PLACEHOLDER_IMAGE } from '../model/order-form';

/** /orders/{shareId}: anyone with the unguessable link sees the order, nothing private (public). */
export function SharedOrderPage() {
  const { orderId = '' } = useParams();
  return (
    <PageScreen>
      <SharedOrder shareId={orderId} />
    </PageScreen>
  );
}

function SharedOrder({ shareId }: { shareId: string }) {
  const { t, i18n } = useTranslation();
  const query = useSharedOrder(shareId);
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    // A share id too short or too long fails validation (400): for the visitor it is just not there.
    const notFound =
      !(query.error instanceof ApiError) || query.error.status === 404 || query.error.status === 400;
    return (
      <section
        role="alert"
        data-testid={notFound ? 'shared-order-not-found' : 'shared-order-error'}
        className="mx-auto my-12 flex max-w-md flex-col gap-2 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
      >
        <h1 className="text-lg font-semibold">
          {t(notFound ? 'sharedOrder.notFoundTitle' : 'sharedOrder.loadError')}
        </h1>
        {notFound && <p className="text-sm text-neutral-500">{t('sharedOrder.notFoundBody')}</p>}
      </section>
    );
  }
  const order = query.data;
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, i18n.language);
  return (
    <article data-testid="shared-order" className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-8">
      <header className="flex flex-col gap-2">
        <p className="text-sm text-neutral-500">{t(`sharedOrder.kind.${order.kind}`)}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="shared-order-store">
          {order.storeBusinessName}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <OrderStatusBadge status={order.status} />
          <span>{t('sharedOrder.placed', { date: formatDate(order.createdAt, i18n.language) })}</span>
          <span>· {t('sharedOrder.updated', { date: formatDate(order.updatedAt, i18n.language) })}</span>
        </div>
      </header>
      <ul
        aria-label={t('sharedOrder.items')}
        className="flex flex-col divide-y divide-neutral-100 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
      >
        {order.lines.map((line, i) => (
          <li key={i} data-testid="shared-order-line" className="flex min-w-0 gap-3 p-3 sm:p-4">
            <img
              src={line.imageUrl ?? PLACEHOLDER_IMAGE}
              alt=""
              loading="lazy"
              onError={(e) => {
                if (e.currentTarget.src !== PLACEHOLDER_IMAGE) e.currentTarget.src = PLACEHOLDER_IMAGE;
              }}
              className="h-16 w-16 shrink-0 rounded-md bg-neutral-100 object-contain sm:h-20 sm:w-20 dark:bg-neutral-800"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
              <span className="font-medium break-words">{line.name}</span>
              <span className="text-xs break-words text-neutral-500">
                {[line.sku.toUpperCase(), line.brand, line.colorway].filter(Boolean).join(' · ')}
              </span>
              <span className="text-xs">
                {formatSize(line.size)} · {line.quantity} ×{' '}
                <span className="tabular-nums">{money(line.unitPrice)}</span>
              </span>
            </div>
            <span className="shrink-0 text-sm font-semibold tabular-nums">
              {money(line.quantity * line.unitPrice)}
            </span>
          </li>
        ))}
      </ul>
      <p className="flex items-baseline justify-end gap-2">
        <span>{t('sharedOrder.total')}</span>
        <span data-testid="shared-order-total" className="text-xl font-bold tabular-nums">
          {money(order.total)}
        </span>
      </p>
    </article>
  );
}
