import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@sneakers/shared';
import { SharedPage } from '../../../components/shared-page';
import { useSharedOrder } from '../api/queries';
import { OrderLines } from '../components/order-lines';
import { OrderStatusBadge } from '../components/status-badge';
import { formatDate } from '../model/order-form';

/** /orders/{shareId}: anyone with the unguessable link sees the order, nothing private (public). */
export function SharedOrderPage() {
  const { orderId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const query = useSharedOrder(orderId);
  return (
    <SharedPage
      query={query}
      testId="shared-order"
      texts={{
        notFoundTitle: t('sharedOrder.notFoundTitle'),
        notFoundBody: t('sharedOrder.notFoundBody'),
        loadError: t('sharedOrder.loadError'),
      }}
      view={(order) => ({
        kicker: t(`sharedOrder.kind.${order.kind}`),
        storeName: order.storeBusinessName,
        details: (
          <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
            <OrderStatusBadge status={order.status} />
            <span>{t('sharedOrder.placed', { date: formatDate(order.createdAt, i18n.language) })}</span>
            <span>· {t('sharedOrder.updated', { date: formatDate(order.updatedAt, i18n.language) })}</span>
          </div>
        ),
        body: (
          <>
            <OrderLines
              lines={order.lines}
              currency={order.currency}
              label={t('sharedOrder.items')}
              lineTestId="shared-order-line"
            />
            <p className="flex items-baseline justify-end gap-2">
              <span>{t('sharedOrder.total')}</span>
              <span data-testid="shared-order-total" className="text-xl font-bold tabular-nums">
                {formatMoney({ amount: order.total, currency: order.currency }, i18n.language)}
              </span>
            </p>
          </>
        ),
      })}
    />
  );
}
