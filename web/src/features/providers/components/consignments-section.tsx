import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BadgeCheck, Plus, ShoppingBag, Undo2 } from 'lucide-react';
import { formatMoney, type Consignment, type Currency, type Provider } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { PagedList } from '../../../components/paged-list';
import { useConsignments, useMarkConsignmentReturned } from '../api/queries';
import { AddConsignmentDialog, consignmentErrorDescription, MarkSoldDialog } from './consignment-dialogs';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConsignmentPaidBadge, ConsignmentStatusBadge } from './status-badge';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { SellDialog, usePreloadSellDialog, type SellTarget } from '../../../lib/widget-slots/sell-dialog';

/** The Sell dialog's view of an in-stock consignment: its one size, the provider's price as cost. */
function consignmentSellTarget(c: Consignment): SellTarget {
  return {
    source: 'consignment',
    providerId: c.providerId,
    consignmentId: c.id,
    name: c.itemName,
    sizes: [c.size],
    currency: c.currency,
    cost: c.price,
  };
}

/** The provider page's consignments: newest first, add (approved providers), sold, returned. */
export function ConsignmentsSection({ provider, currency }: { provider: Provider; currency?: Currency }) {
  const { t, i18n } = useTranslation();
  const query = useConsignments(provider.id);
  const returned = useMarkConsignmentReturned(provider.id);
  const [adding, setAdding] = useState(false);
  const [selling, setSelling] = useState<Consignment | null>(null);
  const [returning, setReturning] = useState<Consignment | null>(null);
  const [recording, setRecording] = useState<SellTarget | null>(null);
  const preloadSellDialog = usePreloadSellDialog();
  const approved = provider.status === 'approved';
  const consignments = query.data ?? [];

  const money = (c: Consignment, cents: number) =>
    formatMoney({ amount: cents, currency: c.currency }, i18n.language);
  const date = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  };

  const confirmReturned = () => {
    if (!returning) return;
    returned.mutate(returning.id, {
      onSuccess: (saved) => {
        toast.success(t('providers.consignments.toast.returned', { name: saved.itemName }));
        setReturning(null);
      },
      onError: (error) => {
        if (!isDemoRefusal(error))
          toast.error(t('providers.consignments.toast.returnedError'), {
            description: consignmentErrorDescription(error, t),
          });
        setReturning(null);
      },
    });
  };

  return (
    <section
      aria-labelledby="provider-consignments"
      data-testid="consignments-section"
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="provider-consignments" className="text-lg font-semibold">
          {t('providers.consignments.title')}
        </h2>
        {approved ? (
          <Button size="sm" data-testid="consignment-add" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('providers.consignments.add')}
          </Button>
        ) : (
          <p data-testid="consignment-add-hint" className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('providers.consignments.approveFirst')}
          </p>
        )}
      </div>
      <PagedList
        query={query}
        items={consignments}
        getKey={(c) => c.id}
        label={t('providers.consignments.title')}
        testId="consignments"
        errorText={t('providers.consignments.loadError')}
        retryText={t('providers.retry')}
        empty={t('providers.consignments.empty')}
        rowTestId="consignment-row"
        rowAttributes={(c) => ({ 'data-status': c.status })}
        // One shrinkable column: a long name or email truncates instead of widening the page.
        rowClassName="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(c) => (
          <>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span data-testid="consignment-name" className="font-medium break-words">
                  {c.itemName}
                </span>
                <ConsignmentStatusBadge status={c.status} />
                {c.paymentId && <ConsignmentPaidBadge paidAt={c.paidAt} />}
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-neutral-600 dark:text-neutral-400">
                <div className="flex gap-1">
                  <dt>{t('providers.consignments.sku')}:</dt>
                  <dd className="break-all">{c.itemSku}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('providers.consignments.size')}:</dt>
                  <dd>{c.size}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('providers.consignments.agreedPrice')}:</dt>
                  <dd data-testid="consignment-price" className="tabular-nums">
                    {money(c, c.price)}
                  </dd>
                </div>
                {c.status === 'sold' && c.salePrice !== null && (
                  <div className="flex gap-1">
                    <dt>{t('providers.consignments.salePrice')}:</dt>
                    <dd data-testid="consignment-sale-price" className="tabular-nums">
                      {money(c, c.salePrice)}
                    </dd>
                  </div>
                )}
                {c.status === 'sold' && c.soldAt && (
                  <div className="flex gap-1">
                    <dt>{t('providers.consignments.soldAt')}:</dt>
                    <dd data-testid="consignment-sold-at">{date(c.soldAt)}</dd>
                  </div>
                )}
              </dl>
              {c.notes && (
                <p className="text-xs break-words whitespace-pre-line text-neutral-500">{c.notes}</p>
              )}
            </div>
            {c.status === 'in_stock' && (
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  size="sm"
                  data-testid="consignment-sell"
                  aria-label={t('providers.consignments.sellNamed', { name: c.itemName })}
                  onMouseEnter={() => void preloadSellDialog()}
                  onFocus={() => void preloadSellDialog()}
                  onClick={() => setRecording(consignmentSellTarget(c))}
                >
                  <ShoppingBag aria-hidden="true" className="h-4 w-4" />
                  {t('providers.consignments.sell')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="consignment-mark-sold"
                  aria-label={t('providers.consignments.markSoldNamed', { name: c.itemName })}
                  onClick={() => setSelling(c)}
                >
                  <BadgeCheck aria-hidden="true" className="h-4 w-4" />
                  {t('providers.consignments.markSold')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="consignment-mark-returned"
                  aria-label={t('providers.consignments.markReturnedNamed', { name: c.itemName })}
                  onClick={() => setReturning(c)}
                >
                  <Undo2 aria-hidden="true" className="h-4 w-4" />
                  {t('providers.consignments.markReturned')}
                </Button>
              </div>
            )}
          </>
        )}
      />
      <AddConsignmentDialog
        open={adding}
        onOpenChange={setAdding}
        providerId={provider.id}
        currency={currency}
      />
      <MarkSoldDialog
        consignment={selling}
        onOpenChange={(open) => !open && setSelling(null)}
        providerId={provider.id}
      />
      <SellDialog target={recording} onOpenChange={(open) => !open && setRecording(null)} />
      <ConfirmDialog
        open={returning !== null}
        onOpenChange={(open) => !open && setReturning(null)}
        title={t('providers.consignments.returned.title')}
        description={t('providers.consignments.returned.body', {
          name: returning?.itemName ?? '',
          size: returning?.size ?? '',
        })}
        confirmLabel={t('providers.consignments.returned.confirm')}
        confirmVariant="default"
        pending={returned.isPending}
        onConfirm={confirmReturned}
        testId="consignment-returned-dialog"
        confirmTestId="consignment-returned-dialog-confirm"
      />
    </section>
  );
}
