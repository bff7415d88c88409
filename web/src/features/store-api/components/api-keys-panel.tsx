import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { KeyRound } from 'lucide-react';
import { API_KEY_NAME_MAX, type ApiKey } from '@sneakers/shared/contracts/store-api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/queries';
import { forgetCreatedKey, rememberCreatedKey } from '../model/created-key';
import { CopyButton } from './copy-button';
import { useDateFormat } from './format';

/**
 * Settings → API keys (docs/product/store-api.md#api-keys): the store's keys by their first 12
 * characters, a new key shown once, revocation after a confirmation. Demo mode lists the demo
 * keys and refuses writes itself, asking nothing of the API.
 */
export function ApiKeysPanel() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <div className="flex flex-col gap-4" data-testid="api-keys-panel">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('storeApi.keys.intro')}</p>
      <CreateKeyForm />
      {keys.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <Spinner className="h-4 w-4 border-2" />
          {t('storeApi.keys.loading')}
        </p>
      ) : keys.isError ? (
        <div role="alert" data-testid="api-keys-error" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-red-700 dark:text-red-400">{t('storeApi.keys.loadError')}</span>
          <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : keys.data.length === 0 ? (
        <p data-testid="api-keys-empty" className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('storeApi.keys.empty')}
        </p>
      ) : (
        <ul
          data-testid="api-keys-list"
          className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800"
        >
          {keys.data.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </ul>
      )}
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <li
      data-testid="api-key-row"
      data-key-id={apiKey.id}
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{apiKey.name}</span>
          <Badge tone={apiKey.active ? 'blue' : 'neutral'} data-testid="api-key-status">
            {apiKey.active ? t('storeApi.keys.active') : t('storeApi.keys.revoked')}
          </Badge>
        </div>
        <code data-testid="api-key-prefix" className="font-mono text-sm">
          {apiKey.prefix}…
        </code>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-600 dark:text-neutral-400">
          <div className="flex gap-1">
            <dt>{t('storeApi.keys.created')}</dt>
            <dd>{date(apiKey.createdAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('storeApi.keys.lastUsed')}</dt>
            <dd data-testid="api-key-last-used">
              {apiKey.lastUsedAt ? date(apiKey.lastUsedAt) : t('storeApi.keys.neverUsed')}
            </dd>
          </div>
        </dl>
      </div>
      {apiKey.active ? (
        <Button
          variant="outline"
          size="sm"
          data-testid="api-key-revoke"
          aria-label={t('storeApi.keys.revokeNamed', { name: apiKey.name })}
          onClick={onRevoke}
          className="self-start sm:self-center"
        >
          {t('storeApi.keys.revoke')}
        </Button>
      ) : null}
    </li>
  );
}

function CreateKeyForm() {
  const { t } = useTranslation();
  const id = useId();
  const isDemo = useDemoMode();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isDemo) {
      showDemoToast();
      return;
    }
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('storeApi.keys.nameRequired'));
      return;
    }
    setError(null);
    create.mutate(
      { name: trimmed, idempotencyKey },
      {
        onSuccess: (answer) => {
          rememberCreatedKey(answer.secret);
          setSecret(answer.secret);
          setName('');
          setIdempotencyKey(newIdempotencyKey());
        },
        onError: (failure) => {
          // The query client shows the demo toast for a refused demo write.
          if (!isDemoRefusal(failure)) toast.error(t('storeApi.keys.createError'));
        },
      },
    );
  };

  return (
    <>
      <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id={`${id}-name`} label={t('storeApi.keys.name')} error={error} className="flex-1">
          <Input
            id={`${id}-name`}
            data-testid="api-key-name"
            value={name}
            maxLength={API_KEY_NAME_MAX}
            placeholder={t('storeApi.keys.namePlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Button type="submit" data-testid="api-key-create" disabled={create.isPending}>
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {create.isPending ? t('storeApi.keys.creating') : t('storeApi.keys.create')}
        </Button>
      </form>
      <Dialog
        open={secret !== null}
        onOpenChange={(open) => {
          if (!open) setSecret(null);
        }}
        title={t('storeApi.keys.createdTitle')}
        description={t('storeApi.keys.createdOnce')}
        closeLabel={t('common.close')}
        testId="api-key-created-dialog"
      >
        <code
          data-testid="api-key-secret"
          className="rounded-md bg-neutral-100 p-3 font-mono text-sm break-all select-all dark:bg-neutral-800"
        >
          {secret}
        </code>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" data-testid="api-key-created-done" onClick={() => setSecret(null)}>
            {t('storeApi.keys.done')}
          </Button>
          {secret ? (
            <CopyButton text={secret} label={t('storeApi.keys.copyKey')} testId="api-key-copy" />
          ) : null}
        </div>
      </Dialog>
    </>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!apiKey) return;
    if (isDemo) {
      showDemoToast();
      onClose();
      return;
    }
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        forgetCreatedKey(apiKey.prefix);
        toast.success(t('storeApi.keys.revokedToast'));
        onClose();
      },
      onError: (failure) => {
        if (!isDemoRefusal(failure)) toast.error(t('storeApi.keys.revokeError'));
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('storeApi.keys.revokeTitle')}
      description={t('storeApi.keys.revokeBody', { name: apiKey?.name ?? '', prefix: apiKey?.prefix ?? '' })}
      confirmLabel={t('storeApi.keys.revoke')}
      pending={revoke.isPending}
      onConfirm={confirm}
      testId="api-key-revoke-dialog"
      confirmTestId="api-key-revoke-confirm"
    />
  );
}
