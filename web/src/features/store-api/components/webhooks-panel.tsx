import { Fragment, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_OLD_SECRET_VALID_HOURS,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEventName,
} from '@sneakers/shared/contracts/webhooks';
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
import { useWebhookDeliveries, useWebhookEndpoints, useWebhookWrites } from '../api/webhooks-queries';
import { CopyButton } from './copy-button';
import { useDateFormat } from './format';

type Writes = ReturnType<typeof useWebhookWrites>;

/**
 * Settings → Webhooks (docs/product/store-api.md#webhooks): the store's endpoints, their events,
 * secrets (shown once) and delivery logs. Demo mode shows the demo endpoint and deliveries and
 * refuses every write in place, asking nothing of the API.
 */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const writes = useWebhookWrites();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4" data-testid="webhooks-panel">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('storeApi.webhooks.intro')}</p>
      <AddEndpointForm writes={writes} onSecret={setSecret} />
      {endpoints.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <Spinner className="h-4 w-4 border-2" />
          {t('storeApi.webhooks.loading')}
        </p>
      ) : endpoints.isError ? (
        <div role="alert" data-testid="webhooks-error" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-red-700 dark:text-red-400">{t('storeApi.webhooks.loadError')}</span>
          <Button variant="outline" size="sm" onClick={() => void endpoints.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : endpoints.data.length === 0 ? (
        <p data-testid="webhooks-empty" className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('storeApi.webhooks.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="webhooks-list">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} writes={writes} onSecret={setSecret} />
          ))}
        </ul>
      )}
      <Dialog
        open={secret !== null}
        onOpenChange={(open) => {
          if (!open) setSecret(null);
        }}
        title={t('storeApi.webhooks.secretTitle')}
        description={t('storeApi.webhooks.secretOnce')}
        closeLabel={t('common.close')}
        testId="webhook-secret-dialog"
      >
        <code
          data-testid="webhook-secret"
          className="rounded-md bg-neutral-100 p-3 font-mono text-sm break-all select-all dark:bg-neutral-800"
        >
          {secret}
        </code>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" data-testid="webhook-secret-done" onClick={() => setSecret(null)}>
            {t('storeApi.keys.done')}
          </Button>
          {secret ? (
            <CopyButton
              text={secret}
              label={t('storeApi.webhooks.copySecret')}
              testId="webhook-secret-copy"
            />
          ) : null}
        </div>
      </Dialog>
    </div>
  );
}

/** Runs a write, or shows the demo toast without asking the API; a failure says so in a toast. */
function useGuardedWrite() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  return <T,>(run: (onError: (failure: unknown) => void) => T) => {
    if (isDemo) {
      showDemoToast();
      return;
    }
    run((failure) => {
      if (!isDemoRefusal(failure)) toast.error(t('storeApi.webhooks.writeError'));
    });
  };
}

function AddEndpointForm({ writes, onSecret }: { writes: Writes; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const guarded = useGuardedWrite();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventName[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = t('storeApi.webhooks.urlInvalid');
    if (events.length === 0) found.events = t('storeApi.webhooks.eventsRequired');
    setErrors(found);
    if (found.url || found.events) return;
    guarded((onError) =>
      writes.create.mutate(
        { url: url.trim(), events, description: description.trim(), idempotencyKey },
        {
          onSuccess: (answer) => {
            onSecret(answer.secret);
            setUrl('');
            setDescription('');
            setEvents([]);
            setIdempotencyKey(newIdempotencyKey());
          },
          onError,
        },
      ),
    );
  };

  const toggle = (name: WebhookEventName, on: boolean) =>
    setEvents((current) => (on ? [...current, name] : current.filter((e) => e !== name)));

  return (
    <form
      noValidate
      onSubmit={submit}
      data-testid="webhook-add"
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <h3 className="font-medium">{t('storeApi.webhooks.add')}</h3>
      <Field
        id={`${id}-url`}
        label={t('storeApi.webhooks.url')}
        hint={t('storeApi.webhooks.urlHint')}
        error={errors.url}
      >
        <Input
          id={`${id}-url`}
          data-testid="webhook-url"
          type="url"
          inputMode="url"
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://example.com/webhooks"
          value={url}
          aria-invalid={errors.url ? true : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label={t('storeApi.webhooks.description')}>
        <Input
          id={`${id}-description`}
          data-testid="webhook-description"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.events ? `${id}-events-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t('storeApi.webhooks.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                data-testid={`webhook-event-${name}`}
                checked={events.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
                className="h-4 w-4 accent-orange-600"
              />
              <code className="font-mono">{name}</code>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={`${id}-events-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" data-testid="webhook-create" disabled={writes.create.isPending}>
          {t('storeApi.webhooks.create')}
        </Button>
      </div>
    </form>
  );
}

function EndpointCard({
  endpoint,
  writes,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  writes: Writes;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const guarded = useGuardedWrite();
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const status = endpoint.enabled
    ? t('storeApi.webhooks.enabled')
    : endpoint.disabledReason === 'failing'
      ? t('storeApi.webhooks.disabledFailing')
      : t('storeApi.webhooks.disabled');
  return (
    <li
      data-testid="webhook-endpoint"
      data-endpoint-id={endpoint.id}
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm break-all">{endpoint.url}</span>
        <Badge tone={endpoint.enabled ? 'blue' : 'neutral'} data-testid="webhook-status">
          {status}
        </Badge>
      </div>
      {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
      <p className="text-xs text-neutral-600 dark:text-neutral-400">
        {t('storeApi.webhooks.subscribed')} <span className="font-mono">{endpoint.events.join(', ')}</span>
      </p>
      <p className="text-xs text-neutral-600 dark:text-neutral-400">
        {t('storeApi.webhooks.secretPrefix')} <code className="font-mono">{endpoint.secretPrefix}…</code>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          data-testid="webhook-toggle"
          onClick={() =>
            guarded((onError) =>
              writes.setEnabled.mutate({ endpointId: endpoint.id, enabled: !endpoint.enabled }, { onError }),
            )
          }
        >
          {endpoint.enabled ? t('storeApi.webhooks.disable') : t('storeApi.webhooks.enable')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          data-testid="webhook-send-test"
          onClick={() =>
            guarded((onError) =>
              writes.sendTest.mutate(endpoint.id, {
                onSuccess: () => {
                  toast.success(t('storeApi.webhooks.testSent'));
                  setShowLog(true);
                },
                onError,
              }),
            )
          }
        >
          {t('storeApi.webhooks.sendTest')}
        </Button>
        <Button variant="outline" size="sm" data-testid="webhook-rotate" onClick={() => setConfirm('rotate')}>
          {t('storeApi.webhooks.rotate')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          data-testid="webhook-deliveries-toggle"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((v) => !v)}
        >
          {showLog ? t('storeApi.webhooks.hideDeliveries') : t('storeApi.webhooks.showDeliveries')}
        </Button>
        <Button
          variant="destructive"
          size="sm"
          data-testid="webhook-delete"
          onClick={() => setConfirm('delete')}
        >
          {t('storeApi.webhooks.delete')}
        </Button>
      </div>
      {showLog ? (
        <div id={logId}>
          <DeliveryLog endpointId={endpoint.id} writes={writes} />
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={t('storeApi.webhooks.deleteTitle')}
        description={t('storeApi.webhooks.deleteBody', { url: endpoint.url })}
        confirmLabel={t('storeApi.webhooks.delete')}
        pending={writes.remove.isPending}
        testId="webhook-delete-dialog"
        confirmTestId="webhook-delete-confirm"
        onConfirm={() => {
          setConfirm(null);
          guarded((onError) =>
            writes.remove.mutate(endpoint.id, {
              onSuccess: () => toast.success(t('storeApi.webhooks.deleted')),
              onError,
            }),
          );
        }}
      />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => setConfirm(open ? 'rotate' : null)}
        title={t('storeApi.webhooks.rotateTitle')}
        description={t('storeApi.webhooks.rotateBody', { hours: WEBHOOK_OLD_SECRET_VALID_HOURS })}
        confirmLabel={t('storeApi.webhooks.rotate')}
        confirmVariant="default"
        pending={writes.rotate.isPending}
        testId="webhook-rotate-dialog"
        confirmTestId="webhook-rotate-confirm"
        onConfirm={() => {
          setConfirm(null);
          guarded((onError) =>
            writes.rotate.mutate(endpoint.id, { onSuccess: (answer) => onSecret(answer.secret), onError }),
          );
        }}
      />
    </li>
  );
}

function DeliveryLog({ endpointId, writes }: { endpointId: string; writes: Writes }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const guarded = useGuardedWrite();
  const log = useWebhookDeliveries(endpointId);
  if (log.isPending)
    return (
      <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('storeApi.webhooks.loadingDeliveries')}
      </p>
    );
  if (log.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {t('storeApi.webhooks.deliveriesError')}
      </p>
    );
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  if (deliveries.length === 0)
    return (
      <p data-testid="webhook-deliveries-empty" className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('storeApi.webhooks.noDeliveries')}
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">{t('storeApi.webhooks.deliveries')}</h4>
      <ul
        className="flex flex-col divide-y divide-neutral-200 text-sm dark:divide-neutral-800"
        data-testid="webhook-deliveries"
      >
        {deliveries.map((delivery) => (
          <li
            key={delivery.id}
            data-testid="webhook-delivery"
            className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[repeat(6,auto)] sm:grid-rows-2 sm:grid-flow-col">
              {(
                [
                  ['event', <code className="font-mono">{delivery.event}</code>],
                  [
                    'status',
                    <span data-testid="webhook-delivery-status">
                      {t(`storeApi.webhooks.status.${delivery.status}`)}
                    </span>,
                  ],
                  ['responseCode', delivery.responseCode ?? '—'],
                  ['duration', delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`],
                  ['attempts', delivery.attempts],
                  ['nextAttempt', delivery.nextAttemptAt ? date(delivery.nextAttemptAt) : '—'],
                ] as const
              ).map(([label, value]) => (
                <Fragment key={label}>
                  <dt className="text-neutral-500 dark:text-neutral-400">
                    {t(`storeApi.webhooks.columns.${label}`)}
                  </dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
            <Button
              variant="outline"
              size="sm"
              data-testid="webhook-redeliver"
              className="self-start sm:self-center"
              onClick={() =>
                guarded((onError) =>
                  writes.redeliver.mutate(
                    { endpointId, deliveryId: delivery.id },
                    { onSuccess: () => toast.success(t('storeApi.webhooks.redelivered')), onError },
                  ),
                )
              }
            >
              {t('storeApi.webhooks.redeliver')}
            </Button>
          </li>
        ))}
      </ul>
      {log.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('common.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
