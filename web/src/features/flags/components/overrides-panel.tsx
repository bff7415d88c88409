import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ApiError, type DeveloperOverride } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useDeleteOverride, useOverrides, useSetOverride } from '../api/queries';
import { formatDateTime, isExpired, isoToLocalInput, localInputToIso, userLabel } from '../model/format';
import { FeatureSelect } from './feature-select';
import { Switch } from './switch';
import { UserSearch, type PickedUser } from './user-search';

/** The Developer overrides tab. */
export function OverridesPanel() {
  const { t, i18n } = useTranslation();
  const query = useOverrides();
  const remove = useDeleteOverride();
  /** Open dialog: null closed, 'new', or the override being replaced. */
  const [editing, setEditing] = useState<DeveloperOverride | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeveloperOverride | null>(null);
  const now = new Date();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { userId: deleting.userId, feature: deleting.feature },
      {
        onSuccess: () => {
          toast.success(t('flags.toast.overrideDeleted'));
          setDeleting(null);
        },
        onError: (error) => {
          setDeleting(null);
          if (isDemoRefusal(error)) return;
          toast.error(t('flags.toast.overrideError'), {
            description: error instanceof ApiError ? error.message : undefined,
          });
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('flags.overrides.intro')}</p>
      <PagedList
        query={query}
        items={query.data ?? []}
        getKey={(o) => `${o.userId}:${o.feature}`}
        label={t('flags.overrides.listLabel')}
        testId="overrides"
        rowTestId="override-row"
        errorText={t('flags.overrides.loadError')}
        empty={t('flags.overrides.empty')}
        toolbar={
          <Button data-testid="override-add" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('flags.overrides.add')}
          </Button>
        }
        rowAttributes={(o) => ({ 'data-expired': String(isExpired(o.expiresAt, now)) })}
        rowClassName="flex min-w-0 flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(o) => {
          const expired = isExpired(o.expiresAt, now);
          const user = userLabel(o);
          return (
            <>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-mono text-sm font-semibold break-all">{o.feature}</span>
                <span className="truncate text-sm">{user}</span>
                <span className="text-xs text-neutral-500">
                  {o.expiresAt === null
                    ? t('flags.overrides.noExpiry')
                    : expired
                      ? t('flags.overrides.expiredOn', { date: formatDateTime(o.expiresAt, i18n.language) })
                      : t('flags.overrides.expires', { date: formatDateTime(o.expiresAt, i18n.language) })}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={o.enabled ? 'blue' : 'neutral'}>
                  {o.enabled ? t('flags.overrides.on') : t('flags.overrides.off')}
                </Badge>
                {expired && (
                  <Badge tone="red" data-testid="override-expired">
                    {t('flags.overrides.expired')}
                  </Badge>
                )}
                <Button
                  size="icon"
                  variant="ghost"
                  data-testid="override-edit"
                  aria-label={t('flags.overrides.editNamed', { user, feature: o.feature })}
                  onClick={() => setEditing(o)}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  data-testid="override-delete"
                  aria-label={t('flags.overrides.deleteNamed', { user, feature: o.feature })}
                  onClick={() => setDeleting(o)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600 dark:text-red-400" />
                </Button>
              </div>
            </>
          );
        }}
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' ? t('flags.overrides.addTitle') : t('flags.overrides.editTitle')}
        description={t('flags.overrides.dialogDescription')}
        closeLabel={t('common.close')}
        testId="override-dialog"
        className="max-w-lg"
      >
        {editing !== null && (
          <OverrideForm existing={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('flags.overrides.deleteTitle')}
        description={t('flags.overrides.deleteDescription', {
          user: deleting ? userLabel(deleting) : '',
          feature: deleting?.feature ?? '',
        })}
        confirmLabel={t('flags.overrides.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testId="override-delete-dialog"
        confirmTestId="override-delete-confirm"
      />
    </div>
  );
}

interface OverrideErrors {
  user?: string;
  feature?: string;
  expiresAt?: string;
}

function OverrideForm({ existing, onDone }: { existing?: DeveloperOverride; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const save = useSetOverride();
  const [user, setUser] = useState<PickedUser | null>(existing ?? null);
  const [feature, setFeature] = useState(existing?.feature ?? '');
  const [enabled, setEnabled] = useState(existing?.enabled ?? true);
  const [noExpiry, setNoExpiry] = useState(existing ? existing.expiresAt === null : false);
  const [expiresAt, setExpiresAt] = useState(existing?.expiresAt ? isoToLocalInput(existing.expiresAt) : '');
  const [errors, setErrors] = useState<OverrideErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = noExpiry ? null : localInputToIso(expiresAt);
    const found: OverrideErrors = {};
    if (!user) found.user = t('flags.overrides.userRequired');
    if (!feature) found.feature = t('flags.overrides.featureRequired');
    if (!noExpiry && iso === null) found.expiresAt = t('flags.overrides.expiryRequired');
    else if (iso !== null && Date.parse(iso) <= Date.now()) found.expiresAt = t('flags.overrides.expiryPast');
    setErrors(found);
    if (!user || Object.keys(found).length > 0) return;
    save.mutate(
      { userId: user.userId, feature, body: { enabled, expiresAt: iso } },
      {
        onSuccess: () => {
          toast.success(t('flags.toast.overrideSaved'));
          onDone();
        },
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          toast.error(t('flags.toast.overrideError'), {
            description: error instanceof ApiError ? error.message : undefined,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="override-form" className="flex min-w-0 flex-col gap-4">
      {existing ? (
        <p className="text-sm" data-testid="override-user">
          {userLabel(existing)}
        </p>
      ) : (
        <UserSearch value={user} onChange={setUser} testId="override-user" error={errors.user} />
      )}
      <Field id={`${ids}-feature`} label={t('flags.overrides.feature')} error={errors.feature}>
        <FeatureSelect
          id={`${ids}-feature`}
          testId="override-feature"
          value={feature}
          onChange={setFeature}
          disabled={existing !== undefined}
          invalid={errors.feature !== undefined}
          describedBy={errors.feature ? `${ids}-feature-error` : undefined}
        />
      </Field>
      <div className="flex items-center gap-3">
        <Switch
          id={`${ids}-enabled`}
          data-testid="override-enabled"
          checked={enabled}
          onCheckedChange={setEnabled}
        />
        <label htmlFor={`${ids}-enabled`} className="text-sm font-medium">
          {t('flags.overrides.enabled')}
        </label>
      </div>
      <Field id={`${ids}-expires`} label={t('flags.overrides.expiresAt')} error={errors.expiresAt}>
        <Input
          id={`${ids}-expires`}
          type="datetime-local"
          data-testid="override-expires"
          value={expiresAt}
          disabled={noExpiry}
          aria-invalid={errors.expiresAt ? true : undefined}
          aria-describedby={errors.expiresAt ? `${ids}-expires-error` : undefined}
          onChange={(e) => setExpiresAt(e.target.value)}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="override-no-expiry"
          checked={noExpiry}
          onChange={(e) => setNoExpiry(e.target.checked)}
          className="h-4 w-4 accent-orange-600"
        />
        {t('flags.overrides.noExpiry')}
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="override-submit" disabled={save.isPending}>
          {save.isPending ? t('flags.form.saving') : t('flags.overrides.save')}
        </Button>
      </div>
    </form>
  );
}
