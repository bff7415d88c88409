import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CreditCard } from 'lucide-react';
import type { BillingSummary } from '@sneakers/shared/contracts/billing';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { BillingDestination } from '../../../lib/billing/billing-redirect';
import { billingActions, brandName, formatDate, formatMoney, type BillingAction } from '../model/summary';

const CARD =
  'flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900';

const ACTION_TEST_IDS: Readonly<Record<BillingAction, string>> = {
  choosePlan: 'billing-choose-plan',
  addCard: 'billing-add-card',
  updateCard: 'billing-update-card',
  manage: 'billing-manage',
};

/** The status line, in the spec's words (docs/product/profile-and-settings.md#subscription-status). */
function statusText(summary: BillingSummary, t: TFunction): string {
  switch (summary.status) {
    case 'trial':
      return t('billing.status.trial', { count: Math.max(0, summary.trialDaysLeft) });
    case 'active':
      return t('billing.status.active');
    case 'past_due':
      return t('billing.status.pastDue');
    case 'canceled':
      return t('billing.status.canceled');
  }
}

const STATUS_TONES = { trial: 'orange', active: 'blue', past_due: 'red', canceled: 'neutral' } as const;

export interface SummaryCardsProps {
  summary: BillingSummary;
  /** Which provider page is opening (its button shows it is busy). */
  pending: BillingDestination['kind'] | null;
  /** The last button press could not open the provider's page. */
  error: boolean;
  onAction: (action: BillingAction) => void;
}

/** The plan card (price, status, dates, what to do) and the payment method card. */
export function SummaryCards({ summary, pending, error, onAction }: SummaryCardsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const date = (iso: string) => formatDate(iso, locale);
  const actions = billingActions(summary);
  const notes: { id: string; text: string; alert?: boolean }[] = [];

  if (summary.status === 'trial') {
    notes.push({
      id: 'billing-trial-ends',
      text: t('billing.trialEnds', { date: date(summary.trialEndsAt) }),
    });
    notes.push({
      id: 'billing-trial-card',
      text: t(summary.paymentMethod ? 'billing.trialWithCard' : 'billing.trialNoCard'),
    });
  }
  if (summary.status === 'past_due')
    notes.push({
      id: 'billing-past-due',
      alert: true,
      text: !summary.canWrite
        ? t('billing.pastDueReadOnly')
        : summary.graceEndsAt
          ? t('billing.pastDue', { date: date(summary.graceEndsAt) })
          : t('billing.pastDueNoDate'),
    });
  if (summary.status === 'canceled')
    notes.push({ id: 'billing-canceled', alert: true, text: t('billing.canceled') });
  if (summary.cancelAtPeriodEnd && summary.currentPeriodEnd && summary.status !== 'canceled')
    notes.push({
      id: 'billing-cancel-notice',
      text: t('billing.cancelNotice', { date: date(summary.currentPeriodEnd) }),
    });
  else if (summary.nextInvoice && summary.status !== 'canceled')
    notes.push({
      id: 'billing-next-invoice',
      text: t('billing.nextInvoice', {
        amount: formatMoney(summary.nextInvoice.amount, summary.nextInvoice.currency, locale),
        date: date(summary.nextInvoice.date),
      }),
    });

  return (
    <div className="grid gap-4 md:grid-cols-3">
      <section
        aria-labelledby="billing-plan-title"
        data-testid="billing-plan"
        className={`${CARD} md:col-span-2`}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="billing-plan-title" className="text-lg font-semibold">
            {t('billing.planTitle')}
          </h2>
          <Badge
            tone={STATUS_TONES[summary.status]}
            data-testid="billing-status"
            data-status={summary.status}
          >
            {statusText(summary, t)}
          </Badge>
        </div>
        <p data-testid="billing-plan-name" className="text-sm text-neutral-600 dark:text-neutral-400">
          {t(`billing.plan.${summary.plan}`)}
        </p>
        <p data-testid="billing-price" className="text-2xl font-bold">
          {t('billing.perMonth', {
            price: formatMoney(summary.price.amount, summary.price.currency, locale),
          })}
        </p>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('billing.vatNote')}</p>
        {notes.length > 0 ? (
          <ul className="flex flex-col gap-1.5 text-sm">
            {notes.map((note) => (
              <li
                key={note.id}
                data-testid={note.id}
                className={note.alert ? 'font-medium text-red-700 dark:text-red-400' : undefined}
              >
                {note.text}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:flex-wrap" data-testid="billing-actions">
          {actions.map((action, index) => {
            const busy = pending !== null && destinationKind(action) === pending;
            return (
              <Button
                key={action}
                variant={index === 0 ? 'default' : 'outline'}
                data-testid={ACTION_TEST_IDS[action]}
                disabled={pending !== null}
                aria-busy={busy}
                onClick={() => onAction(action)}
              >
                {busy ? t('billing.actions.opening') : t(`billing.actions.${action}`)}
              </Button>
            );
          })}
        </div>
        {error ? (
          <p
            role="alert"
            data-testid="billing-action-error"
            className="text-sm text-red-700 dark:text-red-400"
          >
            {t('billing.actionError')}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="billing-payment-title" data-testid="billing-payment-method" className={CARD}>
        <h2 id="billing-payment-title" className="inline-flex items-center gap-2 text-lg font-semibold">
          <CreditCard aria-hidden="true" className="h-5 w-5 text-orange-600" />
          {t('billing.paymentTitle')}
        </h2>
        {summary.paymentMethod ? (
          <>
            <p className="font-medium" data-testid="billing-card">
              {/* The dots read badly aloud: screen readers hear "Visa card ending in 4242". */}
              <span aria-hidden="true">
                {t('billing.card', {
                  brand: brandName(summary.paymentMethod),
                  last4: summary.paymentMethod.last4,
                })}
              </span>
              <span className="sr-only">
                {t('billing.cardLabel', {
                  brand: brandName(summary.paymentMethod),
                  last4: summary.paymentMethod.last4,
                })}
              </span>
            </p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('billing.expires', {
                month: String(summary.paymentMethod.expMonth).padStart(2, '0'),
                year: summary.paymentMethod.expYear,
              })}
            </p>
          </>
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('billing.noCard')}</p>
        )}
      </section>
    </div>
  );
}

function destinationKind(action: BillingAction): BillingDestination['kind'] {
  return action === 'choosePlan' ? 'checkout' : 'portal';
}

/** Grey blocks in the cards' shape while the summary loads; announced once as loading. */
export function SummarySkeleton({ label }: { label: string }) {
  const bar = (className: string): ReactNode => (
    <div className={`animate-pulse rounded bg-neutral-200 dark:bg-neutral-800 ${className}`} />
  );
  return (
    <div role="status" aria-busy="true" data-testid="billing-loading" className="grid gap-4 md:grid-cols-3">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className={`${CARD} md:col-span-2`}>
        {bar('h-6 w-32')}
        {bar('h-4 w-24')}
        {bar('h-8 w-40')}
        {bar('h-4 w-full')}
        {bar('h-10 w-36')}
      </div>
      <div aria-hidden="true" className={CARD}>
        {bar('h-6 w-32')}
        {bar('h-4 w-28')}
      </div>
    </div>
  );
}
