import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { PROVIDER_STATUSES, type Provider, type ProviderStatus } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/form';
import { PagedList } from '../../../components/paged-list';
import { pageItems } from '../../../lib/page-items';
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
  const providers = useMemo(() => newestFirst(pageItems(query.data, (p) => p.providers)), [query.data]);

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
      <PagedList
        query={query}
        items={providers}
        getKey={(provider) => provider.id}
        label={t('providers.listLabel')}
        testId="providers"
        errorText={t('providers.loadError')}
        retryText={t('providers.retry')}
        empty={status === 'all' ? t('providers.empty') : t('providers.emptyFiltered')}
        rowTestId="provider-row"
        // One shrinkable column: a long name or email truncates instead of widening the page.
        rowClassName="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(provider) => (
          <>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/dashboard/providers/${encodeURIComponent(provider.id)}`}
                  className="max-w-full truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-orange-500"
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
          </>
        )}
      />
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
