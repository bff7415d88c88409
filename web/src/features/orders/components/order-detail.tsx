import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ArrowLeft, PackageCheck } from 'lucide-react';
import { ApiError, formatMoney, type Order, type OrderStatus } from '@sneakers/shared';
import { FULFILLABLE_STATUSES, nextStatuses } from '@sneakers/shared/rules/order-transitions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useFulfilOrder, useOrder, useUpdateOrder } from '../api/queries';
import { formatDate } from '../model/order-form';
import { OrderLines } from './order-lines';
import { counterpartyName, ORDERS_PATH } from './orders-list';
import { OrderShareCard } from './share-link';
import { OrderStatusBadge } from './status-badge';

function OrderProblem({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="order-not-found"
      className="flex flex-col items-center gap-3 p-8 text-center"
    >
      <h1 className="text-xl font-semibold">{t(notFound ? 'orders.notFound' : 'orders.loadOneError')}</h1>
      <div className="flex flex-wrap justify-center gap-2">
        {!notFound && (
          <Button variant="outline" onClick={onRetry}>
            {t('orders.retry')}
          </Button>
        )}
        <Button asChild>
          <Link to={ORDERS_PATH}>{t('orders.backToOrders')}</Link>
        </Button>
      </div>
    </div>
  );
}

/** Whether the store may turn this order into sales now. */
export function canFulfil(order: Order): boolean {
  return (
    order.viewerRole === 'store' &&
    order.kind === 'sale' &&
    order.fulfilledAt === null &&
    FULFILLABLE_STATUSES.includes(order.status)
  );
}

function useFailed() {
  const { t } = useTranslation();
  return (error: Error, fallback: string) => {
    if (isDemoRefusal(error)) return;
    const known =
      error instanceof ApiError &&
      ['INVALID_TRANSITION', 'ORDER_ALREADY_FULFILLED', 'ORDER_NOT_FULFILLABLE'].includes(error.code);
    toast.error(t('orders.toast.errorTitle'), {
      description: known ? t(`orders.errors.${error.code}`) : t(fallback),
    });
  };
}

/**
 * An online buyer's phone and shipping address (docs/product/commerce.md#online-orders): the
 * store ships from them, so only the store sees them (never the shared page).
 */
function buyerRows(buyer: NonNullable<Order['buyer']>, t: TFunction): Array<[string, ReactNode]> {
  const { line1, line2, city, postalCode, country } = buyer.shipping;
  return [
    [
      t('orders.detail.phone'),
      <a href={`tel:${buyer.phone.replace(/[^\d+]/g, '')}`} className="underline">
        {buyer.phone}
      </a>,
    ],
    [
      t('orders.detail.shipping'),
      <address data-testid="order-detail-shipping" className="not-italic whitespace-pre-line">
        {[line1, line2, `${postalCode} ${city}`, country].filter(Boolean).join('\n')}
      </address>,
    ],
  ];
}

/**
 * /dashboard/order/{id}: the lines, totals, counterparty (an online order's buyer with phone and
 * address), channel, status, notes, fulfilment, payment reference and share link.
 */
export function OrderDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const query = useOrder(id);
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return <OrderProblem notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  const order = query.data;
  const store = order.viewerRole === 'store';
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, i18n.language);
  const rows: Array<[string, ReactNode]> = [
    [
      t(store ? 'orders.detail.counterparty' : 'orders.detail.store'),
      <span data-testid="order-detail-counterparty">{counterpartyName(order)}</span>,
    ],
    ...(store && order.counterparty.email
      ? ([[t('orders.detail.email'), order.counterparty.email]] as Array<[string, ReactNode]>)
      : []),
    ...(store && order.buyer ? buyerRows(order.buyer, t) : []),
    [t('orders.detail.kind'), t(`orders.kind.${order.kind}`)],
    [
      t('orders.detail.channel'),
      <span data-testid="order-detail-channel">{t(`orders.detail.channels.${order.channel}`)}</span>,
    ],
    [t('orders.detail.createdAt'), formatDate(order.createdAt, i18n.language)],
    [t('orders.detail.updatedAt'), formatDate(order.updatedAt, i18n.language)],
    ...(order.fulfilledAt
      ? ([[t('orders.detail.fulfilledAt'), formatDate(order.fulfilledAt, i18n.language)]] as Array<
          [string, ReactNode]
        >)
      : []),
    ...(store && order.paymentReference
      ? ([
          [
            t('orders.detail.paymentReference'),
            <span data-testid="order-detail-payment" className="font-mono text-xs break-all">
              {order.paymentReference}
            </span>,
          ],
        ] as Array<[string, ReactNode]>)
      : []),
  ];

  return (
    <div className="flex max-w-3xl flex-col gap-6" data-testid="order-detail" data-role={order.viewerRole}>
      <Link
        to={ORDERS_PATH}
        className="inline-flex w-fit items-center gap-1 text-sm text-neutral-600 hover:underline dark:text-neutral-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('orders.backToOrders')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words">
          {t('orders.detail.title', { name: counterpartyName(order) })}
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      {!store && (
        <p data-testid="order-partner-note" className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('orders.detail.partnerNote', { store: order.storeBusinessName })}
        </p>
      )}
      {store && <StoreActions order={order} />}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2 dark:border-neutral-800 dark:bg-neutral-900">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-neutral-500 max-sm:mt-2">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="order-lines-title" className="flex flex-col gap-2">
        <h2 id="order-lines-title" className="text-lg font-semibold">
          {t('orders.detail.lines')}
        </h2>
        <OrderLines
          lines={order.lines}
          currency={order.currency}
          testId="order-lines"
          lineTestId="order-line"
          showCost={store}
        />
        <p className="flex justify-end gap-2 text-base">
          <span>{t('orders.total')}</span>
          <span data-testid="order-detail-total" className="font-bold tabular-nums">
            {money(order.total)}
          </span>
        </p>
      </section>
      {order.saleIds.length > 0 && (
        <section aria-labelledby="order-sales-title" className="flex flex-col gap-2">
          <h2 id="order-sales-title" className="text-lg font-semibold">
            {t('orders.detail.sales')}
          </h2>
          <ul className="flex flex-wrap gap-2" data-testid="order-sales">
            {order.saleIds.map((saleId, i) => (
              <li key={saleId}>
                <Link
                  to={`/dashboard/sale/${encodeURIComponent(saleId)}`}
                  className="text-sm text-orange-700 underline dark:text-orange-400"
                >
                  {t('orders.detail.saleLink', { n: i + 1 })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {store && <NotesEditor key={order.updatedAt} order={order} />}
      {!store && order.notes && <p className="text-sm whitespace-pre-line">{order.notes}</p>}
      {store && <OrderShareCard shareId={order.shareId} />}
    </div>
  );
}

/** The status buttons the rules allow next and "Fulfil into sales" (store only). */
function StoreActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const update = useUpdateOrder(order.id);
  const fulfil = useFulfilOrder(order.id);
  const failed = useFailed();
  const [cancelling, setCancelling] = useState(false);
  const [fulfilling, setFulfilling] = useState(false);
  const next = nextStatuses(order.status, order.fulfilledAt !== null);
  const pending = update.isPending || fulfil.isPending;

  const move = (status: OrderStatus) =>
    update.mutate(
      { status },
      {
        onSuccess: () => {
          setCancelling(false);
          toast.success(t('orders.toast.statusChanged', { status: t(`orders.status.${status}`) }));
        },
        onError: (error) => failed(error, 'orders.toast.updateError'),
      },
    );

  const doFulfil = () =>
    fulfil.mutate(undefined, {
      onSuccess: (saved) => {
        setFulfilling(false);
        toast.success(t('orders.toast.fulfilled', { count: saved.saleIds.length }));
      },
      onError: (error) => {
        setFulfilling(false);
        failed(error, 'orders.toast.fulfilError');
      },
    });

  if (next.length === 0 && !canFulfil(order)) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="order-actions">
      {next.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={status === 'cancelled' ? 'destructive' : 'outline'}
          data-testid={`order-status-${status}`}
          disabled={pending}
          onClick={() => (status === 'cancelled' ? setCancelling(true) : move(status))}
        >
          {t(`orders.actions.${status}`)}
        </Button>
      ))}
      {canFulfil(order) && (
        <Button size="sm" data-testid="order-fulfil" disabled={pending} onClick={() => setFulfilling(true)}>
          <PackageCheck aria-hidden="true" className="h-4 w-4" />
          {t('orders.actions.fulfil')}
        </Button>
      )}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('orders.cancelTitle')}
        description={t('orders.cancelBody')}
        confirmLabel={t('orders.actions.cancelled')}
        pending={update.isPending}
        onConfirm={() => move('cancelled')}
        testId="order-cancel-dialog"
        confirmTestId="order-cancel-confirm"
      />
      <ConfirmDialog
        open={fulfilling}
        onOpenChange={setFulfilling}
        title={t('orders.fulfilTitle')}
        description={t('orders.fulfilBody', { count: order.lines.length })}
        confirmLabel={t('orders.actions.fulfil')}
        confirmVariant="default"
        pending={fulfil.isPending}
        onConfirm={doFulfil}
        testId="order-fulfil-dialog"
        confirmTestId="order-fulfil-confirm"
      />
    </div>
  );
}

function NotesEditor({ order }: { order: Order }) {
  const { t } = useTranslation();
  const update = useUpdateOrder(order.id);
  const failed = useFailed();
  const [notes, setNotes] = useState(order.notes ?? '');
  const changed = notes.trim() !== (order.notes ?? '').trim();
  const save = () =>
    update.mutate(
      { notes: notes.trim() || null },
      {
        onSuccess: () => toast.success(t('orders.toast.notesSaved')),
        onError: (error) => failed(error, 'orders.toast.updateError'),
      },
    );
  return (
    <section className="flex flex-col gap-2">
      <Field id="order-notes" label={t('orders.detail.notes')}>
        <textarea
          id="order-notes"
          data-testid="order-notes"
          rows={3}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900"
        />
      </Field>
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        data-testid="order-notes-save"
        disabled={!changed || update.isPending}
        onClick={save}
      >
        {t('orders.detail.saveNotes')}
      </Button>
    </section>
  );
}
