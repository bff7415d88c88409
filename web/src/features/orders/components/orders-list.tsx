import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { formatMoney, ORDER_STATUSES, type Order } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/form';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { pageItems } from '../../../lib/page-items';
import { useOrders, type OrderSide, type OrderStatusFilter } from '../api/queries';
import { formatDate } from '../model/order-form';
import { OrderStatusBadge } from './status-badge';

const SIDES: readonly OrderSide[] = ['store', 'partner'];
export const ORDERS_PATH = '/dashboard/orders';
export const orderHref = (id: string) => `/dashboard/order/${encodeURIComponent(id)}`;

/** Who is on the other side of an order, as the viewer sees it. */
export function counterpartyName(order: Order): string {
  return order.viewerRole === 'partner' ? order.storeBusinessName : order.counterparty.name;
}

/** The orders section: my orders and the purchase orders partners made with me, by status. */
export function OrdersList() {
  const { t, i18n } = useTranslation();
  const idBase = useId();
  const filterId = useId();
  const [side, setSide] = useState<OrderSide>('store');
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const query = useOrders(side, status);
  const orders = useMemo(() => pageItems(query.data, (p) => p.orders), [query.data]);

  const statusFilter = (
    <div className="flex flex-col gap-1">
      <label htmlFor={filterId} className="text-sm font-medium">
        {t('orders.filters.status')}
      </label>
      <Select
        id={filterId}
        data-testid="orders-status-filter"
        value={status}
        onChange={(e) => setStatus(e.target.value as OrderStatusFilter)}
        className="w-auto min-w-40"
      >
        <option value="all">{t('orders.filters.all')}</option>
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`orders.status.${s}`)}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <TabList
        tabs={SIDES}
        selected={side}
        onSelect={setSide}
        label={t('orders.tabs.label')}
        idBase={idBase}
        testIdPrefix="orders"
        renderTab={(tab) => t(`orders.tabs.${tab}`)}
      />
      <TabPanel tab={side} idBase={idBase} testIdPrefix="orders">
        <PagedList
          query={query}
          items={orders}
          getKey={(order) => order.id}
          label={t(`orders.tabs.${side}`)}
          testId="orders"
          errorText={t('orders.loadError')}
          retryText={t('orders.retry')}
          toolbar={
            <div className="flex w-full flex-wrap items-end justify-between gap-2">
              {statusFilter}
              {side === 'store' && (
                <Button asChild>
                  <Link to="/add-order" data-testid="order-add">
                    <Plus aria-hidden="true" className="h-4 w-4" />
                    {t('orders.add')}
                  </Link>
                </Button>
              )}
            </div>
          }
          empty={
            status !== 'all' ? (
              t('orders.emptyFiltered')
            ) : side === 'partner' ? (
              t('orders.emptyPartner')
            ) : (
              <>
                <p>{t('orders.empty')}</p>
                <Button asChild size="sm">
                  <Link to="/add-order">{t('orders.add')}</Link>
                </Button>
              </>
            )
          }
          rowTestId="order-row"
          rowAttributes={(order) => ({ 'data-status': order.status })}
          rowClassName="flex min-w-0 flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
          renderItem={(order) => (
            <>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={orderHref(order.id)}
                    data-testid="order-counterparty"
                    className="max-w-full truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-orange-500"
                  >
                    {counterpartyName(order)}
                  </Link>
                  <OrderStatusBadge status={order.status} />
                  {order.kind === 'purchase' && (
                    <span className="text-xs text-neutral-500">{t('orders.kind.purchase')}</span>
                  )}
                  {order.channel === 'storefront' && (
                    <span data-testid="order-channel" className="text-xs text-neutral-500">
                      {t('orders.detail.channels.storefront')}
                    </span>
                  )}
                </div>
                <span className="truncate text-xs text-neutral-500">
                  {t('orders.linesCount', { count: order.lines.length })} ·{' '}
                  {formatDate(order.createdAt, i18n.language)}
                </span>
              </div>
              <span data-testid="order-total" className="font-semibold tabular-nums sm:text-right">
                {formatMoney({ amount: order.total, currency: order.currency }, i18n.language)}
              </span>
            </>
          )}
        />
      </TabPanel>
    </div>
  );
}
