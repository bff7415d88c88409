import { useTranslation } from 'react-i18next';
import { CheckCircle2, Loader2, X } from 'lucide-react';
import type { BillingSummary } from '@sneakers/shared/contracts/billing';
import { Button } from '../../../components/ui/button';
import { useBillingRedirect, type BillingDestination } from '../../../lib/billing/billing-redirect';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { useSession } from '../../../lib/session/use-session';
import { useBillingSummary } from '../api/queries';
import type { BillingAction } from '../model/summary';
import { useActivation, useCheckoutReturn, type CheckoutReturn } from './checkout-return';
import { InvoicesPanel } from './invoices-panel';
import { SummaryCards, SummarySkeleton } from './summary-cards';

/** Where each button goes (services/billing answers with the provider's address). */
export function destinationOf(action: BillingAction, summary: BillingSummary): BillingDestination {
  switch (action) {
    case 'choosePlan':
      return { kind: 'checkout', plan: summary.plan };
    case 'addCard':
    case 'updateCard':
      return { kind: 'portal', flow: 'payment_method_update' };
    case 'manage':
      return { kind: 'portal' };
  }
}

/**
 * /dashboard/billing (docs/product/billing.md#billing-section): the plan and its status, the
 * trial, the next invoice, the card, the invoices, and the buttons that open the provider's
 * Checkout or portal; the checkout return notices. In demo mode it shows the demo store's
 * trial and every button answers with the demo toast.
 */
export function BillingSection() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const session = useSession();
  const demoProfile = isDemo ? () => session.profile ?? demoFallbackProfile() : undefined;
  const checkout = useCheckoutReturn();
  const query = useBillingSummary({ demoProfile, pollMs: checkout.pollMs });
  useActivation(checkout, query.data?.status);
  const redirect = useBillingRedirect();
  const summary = query.data;

  const run = (action: BillingAction) => {
    if (summary) void redirect.open(destinationOf(action, summary));
  };

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{t('billing.title')}</h1>
      <CheckoutNotice
        state={checkout.state}
        onCheckAgain={checkout.checkAgain}
        onDismiss={checkout.dismiss}
        onChoosePlan={() => run('choosePlan')}
        choosing={redirect.pending === 'checkout'}
      />
      {summary ? (
        <SummaryCards
          summary={summary}
          pending={redirect.pending}
          error={redirect.error !== null}
          onAction={run}
        />
      ) : query.isError ? (
        <div
          role="alert"
          data-testid="billing-error"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {t('billing.loadError')}
          <Button
            variant="outline"
            size="sm"
            data-testid="billing-retry"
            onClick={() => void query.refetch()}
          >
            {t('billing.retry')}
          </Button>
        </div>
      ) : (
        <SummarySkeleton label={t('billing.loading')} />
      )}
      <InvoicesPanel isDemo={isDemo} />
    </div>
  );
}

interface CheckoutNoticeProps {
  state: CheckoutReturn;
  onCheckAgain: () => void;
  onDismiss: () => void;
  onChoosePlan: () => void;
  choosing: boolean;
}

function CheckoutNotice({ state, onCheckAgain, onDismiss, onChoosePlan, choosing }: CheckoutNoticeProps) {
  const { t } = useTranslation();
  if (state === 'none') return null;
  const box = 'flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center';
  const dismiss = (
    <button
      type="button"
      aria-label={t('billing.checkout.dismiss')}
      onClick={onDismiss}
      className="self-end rounded-md p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-orange-500 sm:self-center dark:hover:bg-white/10"
    >
      <X aria-hidden="true" className="h-4 w-4" />
    </button>
  );
  if (state === 'activating')
    return (
      <div
        role="status"
        data-testid="billing-checkout-notice"
        data-state={state}
        className={`${box} border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100`}
      >
        <Loader2 aria-hidden="true" className="h-4 w-4 shrink-0 animate-spin" />
        <p className="flex-1">{t('billing.checkout.activating')}</p>
      </div>
    );
  if (state === 'activated')
    return (
      <div
        role="status"
        data-testid="billing-checkout-notice"
        data-state={state}
        className={`${box} border-green-200 bg-green-50 text-green-950 dark:border-green-900 dark:bg-green-950 dark:text-green-100`}
      >
        <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
        <p className="flex-1">{t('billing.checkout.activated')}</p>
        {dismiss}
      </div>
    );
  if (state === 'slow')
    return (
      <div
        role="status"
        data-testid="billing-checkout-notice"
        data-state={state}
        className={`${box} border-orange-200 bg-orange-50 text-orange-950 dark:border-orange-900 dark:bg-orange-950 dark:text-orange-100`}
      >
        <p className="flex-1">{t('billing.checkout.slow')}</p>
        <Button variant="outline" size="sm" data-testid="billing-check-again" onClick={onCheckAgain}>
          {t('billing.checkout.checkAgain')}
        </Button>
      </div>
    );
  return (
    <div
      role="status"
      data-testid="billing-checkout-notice"
      data-state={state}
      className={`${box} border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900`}
    >
      <p className="flex-1">{t('billing.checkout.cancelled')}</p>
      <Button
        size="sm"
        data-testid="billing-checkout-choose-plan"
        disabled={choosing}
        aria-busy={choosing}
        onClick={onChoosePlan}
      >
        {t(choosing ? 'billing.actions.opening' : 'billing.actions.choosePlan')}
      </Button>
      {dismiss}
    </div>
  );
}
