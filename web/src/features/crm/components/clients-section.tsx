import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Download, Plus, Upload } from 'lucide-react';
import type { Client } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { PagedList } from '../../../components/paged-list';
import { useApi } from '../../../lib/api';
import { pageItems } from '../../../lib/page-items';
import { fetchAllClients, useClients, useDeleteClient } from '../api/queries';
import { initialOf, matchesClient } from '../model/bookings';
import { clientsToCsv } from '../model/csv';
import { ClientFormDialog } from './client-form';
import { ClientImportDialog } from './client-import';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { downloadText } from '../../../lib/download';

export function Avatar({ name, large = false }: { name: string; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={
        (large ? 'h-16 w-16 text-2xl ' : 'h-10 w-10 text-base ') +
        'grid shrink-0 place-items-center rounded-full bg-orange-100 font-semibold text-orange-800 dark:bg-orange-950 dark:text-orange-200'
      }
    >
      {initialOf(name)}
    </span>
  );
}

/** /dashboard/clients: search, load more, create, edit, delete, CSV export and import. */
export function ClientsList() {
  const { t } = useTranslation();
  const api = useApi();
  const query = useClients();
  const remove = useDeleteClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Client | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [exporting, setExporting] = useState(false);
  const loaded = useMemo(() => pageItems(query.data, (p) => p.clients), [query.data]);
  const clients = useMemo(() => loaded.filter((c) => matchesClient(c, search)), [loaded, search]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllClients(api);
      downloadText(`clients-${new Date().toISOString().slice(0, 10)}.csv`, clientsToCsv(all));
    } catch {
      toast.error(t('clients.toast.errorTitle'), { description: t('clients.toast.loadError') });
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('clients.toast.deleted'));
        setDeleting(null);
      },
      onError: (error) =>
        isDemoRefusal(error) ||
        toast.error(t('clients.toast.errorTitle'), { description: t('clients.toast.deleteError') }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <PagedList
        query={query}
        items={clients}
        getKey={(client) => client.id}
        label={t('sections.clients')}
        testId="clients"
        errorText={t('clients.toast.loadError')}
        search={{ value: search, onChange: setSearch, label: t('clients.search') }}
        toolbar={
          <>
            <Button data-testid="clients-new" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('clients.new')}
            </Button>
            <Button variant="outline" data-testid="clients-import" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {t('clients.importCsv')}
            </Button>
            <Button
              variant="outline"
              data-testid="clients-export"
              disabled={exporting}
              onClick={() => void exportCsv()}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {exporting ? t('clients.exporting') : t('clients.exportCsv')}
            </Button>
          </>
        }
        empty={
          loaded.length === 0 ? (
            <>
              {t('clients.empty')}
              <Button size="sm" onClick={() => setCreating(true)}>
                {t('clients.new')}
              </Button>
            </>
          ) : (
            t('clients.noMatches')
          )
        }
        rowTestId="client-row"
        // One column that may shrink: a long name or email truncates instead of widening the page.
        // Phones stack the client over its count and actions; wider screens keep one line.
        rowClassName="flex flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(client) => (
          <>
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <Avatar name={client.name} />
              <div className="flex min-w-0 flex-1 flex-col">
                <Link
                  to={`/dashboard/clients/${encodeURIComponent(client.id)}`}
                  className="truncate font-medium hover:underline"
                >
                  {client.name}
                </Link>
                <span className="truncate text-xs text-neutral-500">
                  {[client.email, client.phone, client.instagramHandle ? `@${client.instagramHandle}` : '']
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
            </div>
            <div className="flex items-center justify-between gap-2 sm:justify-end">
              <span className="text-xs text-neutral-500">
                {t('clients.bookingCount', { count: client.bookingCount })}
              </span>
              <span className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  data-testid="client-edit"
                  aria-label={t('clients.editNamed', { name: client.name })}
                  onClick={() => setEditing(client)}
                >
                  {t('clients.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  data-testid="client-delete"
                  aria-label={t('clients.deleteNamed', { name: client.name })}
                  onClick={() => setDeleting(client)}
                >
                  {t('clients.delete')}
                </Button>
              </span>
            </div>
          </>
        )}
      />
      <ClientFormDialog open={creating} onOpenChange={setCreating} />
      <ClientFormDialog
        key={editing?.id ?? 'none'}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        client={editing ?? undefined}
      />
      <ClientImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        testId="crm-confirm-dialog"
        confirmTestId="crm-confirm"
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('clients.deleteTitle')}
        description={
          deleting ? t('clients.deleteBody', { name: deleting.name, count: deleting.bookingCount }) : ''
        }
        confirmLabel={t('clients.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
