import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { formatMoney, type Payment, type ProviderBalance } from '@sneakers/shared';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { NotAvailable } from '../../../components/not-available';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/form';
import { pageItems } from '../../../lib/page-items';
import { useSession } from '../../../lib/session/use-session';
import { useAllProviders, usePayments, useProviderBalances } from '../api/queries';
import { formatIsoDate, paymentHref } from '../model/format';
import { PayProviderDialog } from './pay-dialog';
import { PaymentDetail } from './payment-detail';

/** /dashboard/payments (balances, payments, record one) and /dashboard/payments/{id}. */
export function PaymentsSection({ detail }: SectionScreenProps) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status !== 'signed-in') {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{t('payments.title')}</h1>
        <NotAvailable section={t('payments.title')} />
      </div>
    );
  }
  if (detail?.kind === 'payment') return <PaymentDetail key={detail.id} id={detail.id} />;
  return <PaymentsOverview />;
}

function PaymentsOverview() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const providerFilter = params.get('provider');
  const [paying, setPaying] = useState<{ providerId?: string } | null>(null);
  const providers = useAllProviders();
  const names = useMemo(() => new Map((providers.data ?? []).map((p) => [p.id, p.name])), [providers.data]);

  const setFilter = (providerId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (providerId) next.set('provider', providerId);
        else next.delete('provider');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6" data-testid="payments-section">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('payments.title')}</h1>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('payments.subtitle')}</p>
        </div>
        <Button data-testid="payment-add" onClick={() => setPaying({})}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('payments.add')}
        </Button>
      </div>
      <Balances
        names={names}
        namesLoading={providers.isPending}
        onPay={(providerId) => setPaying({ providerId })}
      />
      <PaymentsList providerId={providerFilter} onFilter={setFilter} names={names} />
      <PayProviderDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        providerId={paying?.providerId}
      />
    </div>
  );
}

function Balances({
  names,
  namesLoading,
  onPay,
}: {
  names: ReadonlyMap<string, string>;
  namesLoading: boolean;
  onPay: (providerId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useProviderBalances();
  const balances = useMemo(
    () => (query.data ?? []).filter((b) => b.owed > 0).sort((a, b) => b.owed - a.owed),
    [query.data],
  );
  const name = (b: ProviderBalance) =>
    names.get(b.providerId) ?? (namesLoading ? '…' : t('payments.unknownProvider'));
  return (
    <section
      aria-labelledby="payments-balances"
      data-testid="payments-balances"
      className="flex flex-col gap-3"
    >
      <h2 id="payments-balances" className="text-lg font-semibold">
        {t('payments.balances.title')}
      </h2>
      <PagedList
        query={query}
        items={balances}
        getKey={(b) => `${b.providerId}-${b.currency}`}
        label={t('payments.balances.title')}
        testId="payments-balances"
        errorText={t('payments.balances.loadError')}
        empty={t('payments.balances.empty')}
        rowTestId="payments-balance-row"
        rowAttributes={(b) => ({ 'data-provider-id': b.providerId })}
        listClassName="grid grid-cols-1 gap-2 sm:grid-cols-2"
        rowClassName="flex min-w-0 flex-wrap items-center justify-between gap-3 rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(b) => (
          <>
            <div className="flex min-w-0 flex-col">
              <Link
                to={`/dashboard/providers/${encodeURIComponent(b.providerId)}`}
                className="font-medium break-words hover:underline"
              >
                {name(b)}
              </Link>
              <span className="text-sm">
                <span data-testid="payments-balance-owed" className="font-semibold tabular-nums">
                  {formatMoney({ amount: b.owed, currency: b.currency }, i18n.language)}
                </span>{' '}
                <span className="text-neutral-500">
                  {t('payments.balances.unpaid', { count: b.unpaidCount })}
                </span>
              </span>
            </div>
            <Button
              size="sm"
              data-testid="payments-balance-pay"
              aria-label={t('payments.balances.payNamed', { name: name(b) })}
              onClick={() => onPay(b.providerId)}
            >
              {t('payments.balances.pay')}
            </Button>
          </>
        )}
      />
    </section>
  );
}

function PaymentsList({
  providerId,
  onFilter,
  names,
}: {
  providerId: string | null;
  onFilter: (providerId: string | null) => void;
  names: ReadonlyMap<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const query = usePayments(providerId);
  const payments = useMemo(() => pageItems(query.data, (p) => p.payments), [query.data]);
  const filterOptions = useMemo(
    () => [...names.entries()].sort((a, b) => a[1].localeCompare(b[1], i18n.language)),
    [names, i18n.language],
  );
  return (
    <section aria-labelledby="payments-history" className="flex flex-col gap-3">
      <h2 id="payments-history" className="text-lg font-semibold">
        {t('payments.history')}
      </h2>
      <PagedList
        query={query}
        items={payments}
        getKey={(p) => p.id}
        label={t('payments.history')}
        testId="payments"
        errorText={t('payments.loadError')}
        empty={providerId ? t('payments.emptyProvider') : t('payments.empty')}
        toolbar={
          <Field id={`${id}-provider`} label={t('payments.filter.provider')} className="min-w-56">
            <Select
              id={`${id}-provider`}
              data-testid="payments-provider-filter"
              value={providerId ?? ''}
              onChange={(e) => onFilter(e.target.value || null)}
            >
              <option value="">{t('payments.filter.all')}</option>
              {/* A provider filtered by address but not (yet) listed still shows as selected. */}
              {providerId && !names.has(providerId) && <option value={providerId}>{providerId}</option>}
              {filterOptions.map(([pid, name]) => (
                <option key={pid} value={pid}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
        }
        rowTestId="payment-row"
        rowAttributes={(p) => ({ 'data-id': p.id })}
        rowClassName="rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(p) => <PaymentRow payment={p} />}
      />
    </section>
  );
}

function PaymentRow({ payment: p }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <Link
          to={paymentHref(p.id)}
          data-testid="payment-link"
          className="font-medium break-words hover:underline"
        >
          {p.providerName}
        </Link>
        <span className="text-xs text-neutral-600 dark:text-neutral-400">
          {formatIsoDate(p.paymentDate, i18n.language)} · {t(`payments.methods.${p.paymentMethod}`)} ·{' '}
          {t('payments.consignmentsCount', { count: p.consignments.length })}
        </span>
      </div>
      <span data-testid="payment-amount" className="font-semibold tabular-nums">
        {formatMoney({ amount: p.totalAmount, currency: p.currency }, i18n.language)}
      </span>
    </div>
  );
}
