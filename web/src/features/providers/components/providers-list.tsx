import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { PROVIDER_STATUSES, type Provider, type ProviderStatus } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useProviders } from '../api/queries';
import { newestFirst } from '../model/provider-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DecisionButtons } from './decision-buttons';
import { ProviderFormDialog } from './provider-form-dialog';
import { RegistrationLinkCard } from './registration-link-card';
import { ProviderStatusBadge } from './status-badge';
import { useProviderDelete } from './use-provider-actions';

type StatusFilter = ProviderStatus | 'all';

/** The Providers section: the registration link, then the providers, newest first. */
export function ProvidersList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const filterId = useId();
  const [status, setStatus] = useState<StatusFilter>('all');
  const query = useProviders(status);
  const remove = useProviderDelete();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Provider | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);
  const providers = useMemo(
    () => newestFirst(query.data?.pages.flatMap((p) => p.providers) ?? []),
    [query.data],
  );

  return (
    <div className="flex flex-col gap-4">
      <RegistrationLinkCard userId={userId} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-medium">
            {t('providers.filters.status')}
          </label>
          <Select
            id={filterId}
            data-testid="providers-status-filter"
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            className="w-auto min-w-40"
          >
            <option value="all">{t('providers.filters.all')}</option>
            {PROVIDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`providers.status.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button data-testid="provider-add" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('providers.add')}
        </Button>
      </div>
      {query.isPending ? (
        <CenteredSpinner label={t('common.loading')} className="min-h-48" />
      ) : query.isError ? (
        <div
          role="alert"
          data-testid="providers-error"
          className="flex flex-col items-center gap-2 p-6 text-sm"
        >
          {t('providers.loadError')}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('providers.retry')}
          </Button>
        </div>
      ) : providers.length === 0 ? (
        <p
          data-testid="providers-empty"
          className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-500 dark:border-neutral-700"
        >
          {status === 'all' ? t('providers.empty') : t('providers.emptyFiltered')}
        </p>
      ) : (
        <>
          <ul className="grid gap-2" data-testid="providers-list" aria-label={t('providers.listLabel')}>
            {providers.map((provider) => (
              <li
                key={provider.id}
                data-testid="provider-row"
                className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/dashboard/providers/${encodeURIComponent(provider.id)}`}
                      className="truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-orange-500"
                    >
                      {provider.name}
                    </Link>
                    {provider.alias && (
                      <span className="truncate text-sm text-neutral-500">({provider.alias})</span>
                    )}
                    <ProviderStatusBadge status={provider.status} />
                  </div>
                  <span className="truncate text-xs text-neutral-500">
                    {[provider.email, provider.phone, provider.ibanMasked && `IBAN ${provider.ibanMasked}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <DecisionButtons provider={provider} />
                  <Button
                    size="icon"
                    variant="ghost"
                    data-testid="provider-edit"
                    aria-label={t('providers.actions.editNamed', { name: provider.name })}
                    onClick={() => setEditing(provider)}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    data-testid="provider-delete"
                    aria-label={t('providers.actions.deleteNamed', { name: provider.name })}
                    onClick={() => setDeleting(provider)}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600 dark:text-red-400" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              data-testid="providers-more"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? t('common.loading') : t('providers.loadMore')}
            </Button>
          )}
        </>
      )}
      <ProviderFormDialog open={creating} onOpenChange={setCreating} />
      <ProviderFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        provider={editing ?? undefined}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('providers.deleteTitle')}
        description={t('providers.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('providers.actions.delete')}
        pending={remove.pending}
        onConfirm={() => deleting && remove.run(deleting, () => setDeleting(null))}
        testId="delete-provider-dialog"
        confirmTestId="delete-provider-dialog-confirm"
      />
    </div>
  );
}
