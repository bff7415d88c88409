import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Wallet } from 'lucide-react';
import { formatMoney } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useProviderBalances } from '../api/queries';
import type { ProviderBalanceCardProps } from '../../../lib/widget-slots/provider-balance';
import { PayProviderDialog } from './pay-dialog';

/** The provider page's balance: what the store owes it (per currency) and "Pay provider". */
export function ProviderBalanceCard({ providerId }: ProviderBalanceCardProps) {
  const { t, i18n } = useTranslation();
  const balances = useProviderBalances();
  const [paying, setPaying] = useState(false);
  const owed = balances.data?.filter((b) => b.providerId === providerId && b.owed > 0) ?? [];

  let amount;
  if (balances.isPending) amount = <Spinner className="h-4 w-4" />;
  else if (balances.isError)
    amount = (
      <span role="alert" className="flex flex-wrap items-center gap-2 text-sm">
        {t('payments.balances.loadError')}
        <Button size="sm" variant="outline" onClick={() => void balances.refetch()}>
          {t('errors.retry')}
        </Button>
      </span>
    );
  else if (owed.length === 0)
    amount = (
      <span data-testid="provider-balance-owed" data-owed="0" className="text-lg font-semibold tabular-nums">
        {t('payments.balances.nothingOwed')}
      </span>
    );
  else
    amount = (
      <span
        data-testid="provider-balance-owed"
        className="flex flex-wrap gap-x-3 text-lg font-semibold tabular-nums"
      >
        {owed.map((b) => (
          <span key={b.currency}>
            {formatMoney({ amount: b.owed, currency: b.currency }, i18n.language)}{' '}
            <span className="text-sm font-normal text-neutral-500">
              {t('payments.balances.unpaid', { count: b.unpaidCount })}
            </span>
          </span>
        ))}
      </span>
    );

  return (
    <section
      aria-labelledby={`provider-balance-${providerId}`}
      data-testid="provider-balance"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`provider-balance-${providerId}`} className="text-sm font-medium text-neutral-500">
          {t('payments.balances.owedTitle')}
        </h2>
        {amount}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" asChild>
          <Link
            to={`/dashboard/payments?provider=${encodeURIComponent(providerId)}`}
            data-testid="provider-payments-link"
          >
            {t('payments.balances.history')}
          </Link>
        </Button>
        <Button size="sm" data-testid="provider-pay" onClick={() => setPaying(true)}>
          <Wallet aria-hidden="true" className="h-4 w-4" />
          {t('payments.pay.open')}
        </Button>
      </div>
      <PayProviderDialog open={paying} onOpenChange={setPaying} providerId={providerId} lockProvider />
    </section>
  );
}
