import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { ApiError, type FeatureFlag } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useDeleteFlag, useFlagsList, useUpdateFlag } from '../api/queries';
import { filterFlags } from '../model/flag-form';
import { formatDateTime } from '../model/format';
import { FLAG_CONFLICT, FlagFormDialog } from './flag-form-dialog';
import { GrantsDialog } from './grants-dialog';
import { Switch } from './switch';

/** md and up: one grid row per flag; below md each row is a card (docs/product/dashboard-shell.md#mobile-layout). */
const COLUMNS =
  'md:grid md:grid-cols-[minmax(0,2fr)_4.5rem_minmax(0,1fr)_4.5rem_minmax(0,1.5fr)_minmax(0,1fr)_auto] md:items-center md:gap-3';

/** The Flags tab: search, the list, create, edit, grants and delete. */
export function FlagsList() {
  const { t } = useTranslation();
  const query = useFlagsList();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FeatureFlag | null>(null);
  const [deleting, setDeleting] = useState<FeatureFlag | null>(null);
  const [grantsOf, setGrantsOf] = useState<string | null>(null);
  const remove = useDeleteFlag();
  const flags = useMemo(() => filterFlags(query.data ?? [], search), [query.data, search]);

  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(name, {
      onSuccess: () => {
        toast.success(t('flags.toast.deleted', { name }));
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        if (isDemoRefusal(error)) return;
        toast.error(t('flags.toast.deleteError'), {
          description: error instanceof ApiError ? error.message : undefined,
        });
      },
    });
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <PagedList
        query={query}
        items={flags}
        getKey={(flag) => flag.name}
        label={t('flags.list.label')}
        testId="flags"
        rowTestId="flag-row"
        rowAttributes={(flag) => ({ 'data-flag': flag.name })}
        errorText={t('flags.list.loadError')}
        empty={search.trim() ? t('flags.list.emptyFiltered') : t('flags.list.empty')}
        search={{ value: search, onChange: setSearch, label: t('flags.list.search') }}
        toolbar={
          <Button data-testid="flag-add" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('flags.list.add')}
          </Button>
        }
        rowClassName={`flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900 ${COLUMNS}`}
        renderItem={(flag) => (
          <FlagRow
            flag={flag}
            onEdit={() => setEditing(flag)}
            onDelete={() => setDeleting(flag)}
            onGrants={() => setGrantsOf(flag.name)}
          />
        )}
      />
      <FlagFormDialog open={creating} onOpenChange={setCreating} />
      <FlagFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        flag={editing ?? undefined}
      />
      <GrantsDialog flagName={grantsOf} onClose={() => setGrantsOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('flags.delete.title', { name: deleting?.name ?? '' })}
        description={t('flags.delete.description')}
        confirmLabel={t('flags.delete.confirm')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testId="flag-delete-dialog"
        confirmTestId="flag-delete-confirm"
      />
    </div>
  );
}

/** A value with its label: beside it on a phone's card, above it in a wide row. */
function Cell({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 items-baseline gap-2 text-sm md:flex-col md:gap-0.5" data-testid={testId}>
      <span className="w-28 shrink-0 text-xs font-medium text-neutral-500 md:w-auto">{label}</span>
      <span className="min-w-0 break-words">{children}</span>
    </div>
  );
}

function FlagRow({
  flag,
  onEdit,
  onDelete,
  onGrants,
}: {
  flag: FeatureFlag;
  onEdit: () => void;
  onDelete: () => void;
  onGrants: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateFlag();
  const toggle = (isEnabled: boolean) =>
    update.mutate(
      { name: flag.name, body: { version: flag.version, isEnabled } },
      {
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          toast.error(
            error instanceof ApiError && error.code === FLAG_CONFLICT
              ? t('flags.form.conflict')
              : t('flags.toast.saveError'),
            {
              description:
                error instanceof ApiError && error.code !== FLAG_CONFLICT ? error.message : undefined,
            },
          );
        },
      },
    );
  const list = (items: string[], none: string) => (items.length > 0 ? items.join(', ') : none);

  return (
    <>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-mono text-sm font-semibold break-all" data-testid="flag-name">
          {flag.name}
        </span>
        <span className="text-xs break-words text-neutral-500">
          {flag.description || t('flags.list.noDescription')}
        </span>
      </div>
      <div className="flex items-center gap-2 md:flex-col md:items-start md:gap-0.5">
        <span className="w-28 shrink-0 text-xs font-medium text-neutral-500 md:w-auto" aria-hidden="true">
          {t('flags.list.enabledLabel')}
        </span>
        <Switch
          data-testid="flag-enabled"
          checked={flag.isEnabled}
          disabled={update.isPending}
          aria-label={t('flags.list.toggleNamed', { name: flag.name })}
          onCheckedChange={toggle}
        />
      </div>
      <Cell label={t('flags.list.targets')} testId="flag-targets">
        {list(
          flag.targetUserTypes.map((r) => t(`roles.${r}`)),
          t('flags.list.noTargets'),
        )}
      </Cell>
      <Cell label={t('flags.list.rollout')} testId="flag-rollout">
        <Badge
          tone={flag.rolloutPercentage >= 100 ? 'blue' : flag.rolloutPercentage <= 0 ? 'neutral' : 'orange'}
        >
          {t('flags.list.rolloutValue', { value: flag.rolloutPercentage })}
        </Badge>
      </Cell>
      <Cell label={t('flags.list.gates')} testId="flag-gates">
        {list(
          flag.gates.map((s) => t(`sections.${s}`)),
          t('flags.list.noGates'),
        )}
      </Cell>
      <Cell label={t('flags.list.lastEvaluated')} testId="flag-last-evaluated">
        {flag.lastEvaluatedAt ? formatDateTime(flag.lastEvaluatedAt, i18n.language) : t('flags.list.never')}
      </Cell>
      <div className="flex flex-wrap items-center gap-1 md:w-28 md:justify-end">
        <RowAction
          testId="flag-grants"
          label={t('flags.list.grantsNamed', { name: flag.name })}
          onClick={onGrants}
        >
          <Users aria-hidden="true" className="h-4 w-4" />
        </RowAction>
        <RowAction testId="flag-edit" label={t('flags.list.editNamed', { name: flag.name })} onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </RowAction>
        <RowAction
          testId="flag-delete"
          label={t('flags.list.deleteNamed', { name: flag.name })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600 dark:text-red-400" />
        </RowAction>
      </div>
    </>
  );
}

/** An icon button of a flag's row, named for screen readers by what it does to which flag. */
function RowAction({
  testId,
  label,
  onClick,
  children,
}: {
  testId: string;
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="icon" variant="ghost" data-testid={testId} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}
