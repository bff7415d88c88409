import { Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Pencil, Printer, Trash2 } from 'lucide-react';
import { ApiError, type Currency } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useProvider } from '../api/queries';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProviderBalanceCard } from '../../../lib/widget-slots/provider-balance';
import { ConsignmentsSection } from './consignments-section';
import { DecisionButtons } from './decision-buttons';
import { IbanRevealHistory, IbanValue } from './iban-reveal';
import { ProviderFormDialog } from './provider-form-dialog';
import { ProviderStatusBadge } from './status-badge';
import { useProviderDelete } from './use-provider-actions';

export const PROVIDERS_PATH = '/dashboard/providers';

export function ProviderNotFound({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="provider-not-found"
      className="flex flex-col items-center gap-3 p-8 text-center"
    >
      <h1 className="text-xl font-semibold">
        {notFound ? t('providers.notFound') : t('providers.loadOneError')}
      </h1>
      <div className="flex flex-wrap justify-center gap-2">
        {!notFound && (
          <Button variant="outline" onClick={onRetry}>
            {t('providers.retry')}
          </Button>
        )}
        <Button asChild>
          <Link to={PROVIDERS_PATH}>{t('providers.backToProviders')}</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * /dashboard/providers/{providerId}: every field, status, decision, edit, delete, pickup,
 * and the provider's consignments (`currency`: the store's, for new ones).
 */
export function ProviderDetail({ id, currency }: { id: string; currency?: Currency }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = useProvider(id);
  const remove = useProviderDelete();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <ProviderNotFound notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  const provider = query.data;
  const date = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  };
  const rows: Array<[string, ReactNode]> = [
    [t('providers.form.name'), provider.name],
    [t('providers.form.email'), provider.email],
    [t('providers.form.phone'), provider.phone || '—'],
    [t('providers.form.alias'), provider.alias || '—'],
    [t('providers.form.dni'), provider.dni || '—'],
    [t('providers.form.iban'), <IbanValue provider={provider} />],
    [t('providers.detail.source'), t(`providers.source.${provider.source}`)],
    [t('providers.detail.createdAt'), date(provider.createdAt)],
    [t('providers.detail.updatedAt'), date(provider.updatedAt)],
  ];

  return (
    <div className="flex max-w-3xl flex-col gap-6" data-testid="provider-detail">
      <Link
        to={PROVIDERS_PATH}
        className="inline-flex w-fit items-center gap-1 text-sm text-neutral-600 hover:underline dark:text-neutral-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('providers.backToProviders')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words">{provider.name}</h1>
        <ProviderStatusBadge status={provider.status} />
      </div>
      <div className="flex flex-wrap gap-2">
        <DecisionButtons provider={provider} all />
        <Button size="sm" variant="outline" data-testid="provider-edit" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {t('providers.actions.edit')}
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link
            data-testid="provider-pickup-link"
            to={`${PROVIDERS_PATH}/${encodeURIComponent(provider.id)}/pickup`}
          >
            <Printer aria-hidden="true" className="h-4 w-4" />
            {t('providers.actions.pickup')}
          </Link>
        </Button>
        <Button
          size="sm"
          variant="destructive"
          data-testid="provider-delete"
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('providers.actions.delete')}
        </Button>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2 dark:border-neutral-800 dark:bg-neutral-900">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-neutral-500 max-sm:mt-2">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {provider.ibanMasked && <IbanRevealHistory providerId={provider.id} />}
      <Suspense fallback={null}>
        <ProviderBalanceCard providerId={provider.id} />
      </Suspense>
      <ConsignmentsSection provider={provider} currency={currency} />
      <ProviderFormDialog open={editing} onOpenChange={setEditing} provider={provider} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('providers.deleteTitle')}
        description={t('providers.deleteBody', { name: provider.name })}
        confirmLabel={t('providers.actions.delete')}
        pending={remove.pending}
        onConfirm={() => remove.run(provider, () => void navigate(PROVIDERS_PATH))}
        testId="delete-provider-dialog"
        confirmTestId="delete-provider-dialog-confirm"
      />
    </div>
  );
}
