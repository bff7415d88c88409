import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, type FeatureGrant } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PagedList } from '../../../components/paged-list';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useDeleteGrant, useFlagGrants, useSetGrant } from '../api/queries';
import { userLabel } from '../model/format';
import { UserSearch, type PickedUser } from './user-search';

export interface GrantsDialogProps {
  /** The flag whose grants are open; closed when null. */
  flagName: string | null;
  onClose: () => void;
}

/** Per-user grants and denials of one flag: list, grant, deny, remove. */
export function GrantsDialog({ flagName, onClose }: GrantsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={flagName !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('flags.grants.title', { name: flagName ?? '' })}
      description={t('flags.grants.description')}
      closeLabel={t('common.close')}
      testId="flag-grants-dialog"
      className="max-w-2xl"
    >
      {flagName !== null && <GrantsPanel name={flagName} />}
    </Dialog>
  );
}

function GrantsPanel({ name }: { name: string }) {
  const { t } = useTranslation();
  const query = useFlagGrants(name);
  const setGrant = useSetGrant();
  const removeGrant = useDeleteGrant();
  const [user, setUser] = useState<PickedUser | null>(null);
  const grants = query.data ?? [];

  const onError = (error: Error) => {
    if (isDemoRefusal(error)) return;
    toast.error(t('flags.toast.grantError'), {
      description: error instanceof ApiError ? error.message : undefined,
    });
  };
  const save = (target: PickedUser, granted: boolean) =>
    setGrant.mutate(
      { name, userId: target.userId, granted },
      {
        onSuccess: () => {
          toast.success(t('flags.toast.grantSaved', { user: userLabel(target) }));
          setUser(null);
        },
        onError,
      },
    );
  const remove = (grant: FeatureGrant) =>
    removeGrant.mutate(
      { name, userId: grant.userId },
      {
        onSuccess: () => toast.success(t('flags.toast.grantRemoved', { user: userLabel(grant) })),
        onError,
      },
    );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <section className="flex min-w-0 flex-col gap-2" aria-label={t('flags.grants.add')}>
        <h3 className="text-sm font-semibold">{t('flags.grants.add')}</h3>
        <UserSearch value={user} onChange={setUser} testId="grant-user" />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            data-testid="grant-allow"
            disabled={!user || setGrant.isPending}
            onClick={() => user && save(user, true)}
          >
            {t('flags.grants.grant')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            data-testid="grant-deny"
            disabled={!user || setGrant.isPending}
            onClick={() => user && save(user, false)}
          >
            {t('flags.grants.deny')}
          </Button>
        </div>
      </section>
      <PagedList
        query={query}
        items={grants}
        getKey={(grant) => grant.userId}
        label={t('flags.grants.listLabel')}
        testId="flag-grants"
        rowTestId="flag-grant-row"
        errorText={t('flags.grants.loadError')}
        empty={t('flags.grants.empty')}
        rowClassName="flex min-w-0 flex-wrap items-center gap-2 rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(grant) => (
          <>
            <span className="min-w-0 flex-1 truncate text-sm">{userLabel(grant)}</span>
            <Badge tone={grant.granted ? 'blue' : 'neutral'} data-testid="flag-grant-state">
              {grant.granted ? t('flags.grants.granted') : t('flags.grants.denied')}
            </Badge>
            <Button
              size="sm"
              variant="ghost"
              data-testid="flag-grant-toggle"
              disabled={setGrant.isPending}
              onClick={() => save(grant, !grant.granted)}
            >
              {grant.granted ? t('flags.grants.deny') : t('flags.grants.grant')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              data-testid="flag-grant-remove"
              aria-label={t('flags.grants.removeNamed', { user: userLabel(grant) })}
              disabled={removeGrant.isPending}
              onClick={() => remove(grant)}
            >
              {t('flags.grants.remove')}
            </Button>
          </>
        )}
      />
    </div>
  );
}
