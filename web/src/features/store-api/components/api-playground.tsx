import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ExternalLink, Play } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field, Input, PasswordInput, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useRuntimeConfig } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useApiKeys } from '../api/queries';
import { runPlaygroundCall } from '../api/playground-call';
import { createdKey } from '../model/created-key';
import {
  buildRequest,
  curlOf,
  ENDPOINT_PARAMS,
  isPlaygroundEndpoint,
  PARAM_EXAMPLES,
  PLAYGROUND_ENDPOINTS,
  resultJson,
  shownKey,
  type PlaygroundEndpoint,
  type PlaygroundParam,
  type PlaygroundParams,
  type PlaygroundResult,
} from '../model/playground';
import { CopyButton } from './copy-button';

/** Where a store manages its keys: Settings, then API keys. */
export const API_KEYS_SETTINGS_PATH = '/dashboard/settings#api-keys';
/** The Store API reference (its own static page, outside the SPA). */
export const API_REFERENCE_PATH = '/api-reference';

/**
 * The API playground (docs/product/store-api.md#api-playground): pick a key and an endpoint, fill
 * the parameters, press Test; the curl that repeats the call and the raw answer, each with Copy.
 */
export function ApiPlayground() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const failed = keys.isError;
  useEffect(() => {
    if (failed) toast.error(t('storeApi.toast.errorTitle'), { description: t('storeApi.toast.keysFailed') });
  }, [failed, t]);
  if (keys.isPending)
    return <CenteredSpinner label={t('storeApi.playground.loading')} className="min-h-[40vh]" />;
  const active = (keys.data ?? []).filter((key) => key.active);
  return <PlaygroundForm keys={active.map((key) => ({ id: key.id, name: key.name, prefix: key.prefix }))} />;
}

interface ListedKey {
  id: string;
  name: string;
  prefix: string;
}

function PlaygroundForm({ keys }: { keys: ListedKey[] }) {
  const { t } = useTranslation();
  const id = useId();
  const { apiBaseUrl } = useRuntimeConfig();
  const [pasted, setPasted] = useState(() => createdKey() ?? '');
  const [keyId, setKeyId] = useState(() => {
    const fresh = createdKey();
    return keys.find((key) => fresh?.startsWith(key.prefix))?.id ?? keys[0]?.id ?? '';
  });
  const [endpoint, setEndpoint] = useState<PlaygroundEndpoint | ''>('');
  const [params, setParams] = useState<PlaygroundParams>({});
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [result, setResult] = useState<PlaygroundResult | null>(null);
  const [running, setRunning] = useState(false);

  const selected = keys.find((key) => key.id === keyId) ?? null;
  // Locally (and wherever the API shares the app's origin) the base is empty: a curl needs
  // the absolute address to run anywhere else.
  const base = apiBaseUrl || window.location.origin;
  const request = endpoint ? buildRequest(endpoint, params, base) : null;
  const curl = request ? curlOf(request, shownKey(pasted, selected?.prefix ?? null), idempotencyKey) : '';
  const mismatch = pasted.trim() !== '' && selected !== null && !pasted.trim().startsWith(selected.prefix);

  const chooseEndpoint = (value: string) => {
    setEndpoint(isPlaygroundEndpoint(value) ? value : '');
    // Another endpoint's parameters mean nothing here (docs/product/store-api.md#api-playground).
    setParams({});
  };
  const pasteKey = (value: string) => {
    setPasted(value);
    const match = keys.find((key) => value.trim().startsWith(key.prefix));
    if (match) setKeyId(match.id);
  };

  const test = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || pasted.trim() === '') {
      toast.error(t('storeApi.toast.errorTitle'), { description: t('storeApi.toast.missing') });
      return;
    }
    setRunning(true);
    const answer = await runPlaygroundCall(request, pasted.trim(), idempotencyKey);
    setRunning(false);
    setResult(answer);
    // A new sale next time; a rerun of the shown curl replays this one.
    if (request.method === 'POST') setIdempotencyKey(newIdempotencyKey());
  };

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2" data-testid="api-playground">
      <form noValidate onSubmit={(event) => void test(event)} className="flex min-w-0 flex-col gap-4">
        {keys.length === 0 ? (
          <p
            data-testid="playground-no-key"
            className="rounded-md border border-dashed border-neutral-300 p-3 text-sm dark:border-neutral-700"
          >
            {t('storeApi.playground.noKey')}{' '}
            <Link
              to={API_KEYS_SETTINGS_PATH}
              className="font-medium text-orange-700 underline dark:text-orange-400"
            >
              {t('storeApi.playground.noKeyLink')}
            </Link>
          </p>
        ) : (
          <Field id={`${id}-key`} label={t('storeApi.playground.key')}>
            <Select
              id={`${id}-key`}
              data-testid="playground-key"
              value={keyId}
              onChange={(event) => setKeyId(event.target.value)}
            >
              {keys.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.prefix}… ({key.name})
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field
          id={`${id}-secret`}
          label={t('storeApi.playground.secret')}
          hint={mismatch ? undefined : t('storeApi.playground.secretHint')}
          error={mismatch ? t('storeApi.playground.secretMismatch') : undefined}
        >
          <PasswordInput
            id={`${id}-secret`}
            data-testid="playground-secret"
            toggleTestId="playground-secret-toggle"
            autoComplete="off"
            spellCheck={false}
            value={pasted}
            placeholder="sk_live_…"
            aria-describedby={mismatch ? `${id}-secret-error` : `${id}-secret-hint`}
            onChange={(event) => pasteKey(event.target.value)}
          />
        </Field>
        <Field id={`${id}-endpoint`} label={t('storeApi.playground.endpoint')}>
          <Select
            id={`${id}-endpoint`}
            data-testid="playground-endpoint"
            value={endpoint}
            onChange={(event) => chooseEndpoint(event.target.value)}
          >
            <option value="">{t('storeApi.playground.chooseEndpoint')}</option>
            {PLAYGROUND_ENDPOINTS.map((name) => (
              <option key={name} value={name}>
                {t(`storeApi.playground.endpoints.${name}`)}
              </option>
            ))}
          </Select>
        </Field>
        {endpoint ? (
          <ParamFields
            endpoint={endpoint}
            params={params}
            onChange={(name, value) => setParams((current) => ({ ...current, [name]: value }))}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" data-testid="playground-test" disabled={running}>
            <Play aria-hidden="true" className="h-4 w-4" />
            {running ? t('storeApi.playground.testing') : t('storeApi.playground.test')}
          </Button>
          <a
            href={API_REFERENCE_PATH}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="playground-docs"
            className="inline-flex items-center gap-1 text-sm font-medium text-orange-700 underline dark:text-orange-400"
          >
            {t('storeApi.playground.docs')}
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">{t('storeApi.playground.newTab')}</span>
          </a>
        </div>
      </form>
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby={`${id}-curl`} className="flex min-w-0 flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <h2 id={`${id}-curl`} className="font-semibold">
              {t('storeApi.playground.curl')}
            </h2>
            {curl ? (
              <CopyButton text={curl} label={t('storeApi.playground.copy')} testId="playground-curl-copy" />
            ) : null}
          </div>
          {curl ? (
            <pre
              data-testid="playground-curl"
              tabIndex={0}
              className="overflow-x-auto rounded-md bg-neutral-950 p-3 font-mono text-xs text-neutral-100"
            >
              {curl}
            </pre>
          ) : (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('storeApi.playground.curlEmpty')}
            </p>
          )}
        </section>
        <section
          aria-labelledby={`${id}-response`}
          aria-live="polite"
          className="flex min-w-0 flex-col gap-2"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id={`${id}-response`} className="font-semibold">
              {t('storeApi.playground.response')}
            </h2>
            {result ? (
              <CopyButton
                text={resultJson(result)}
                label={t('storeApi.playground.copy')}
                testId="playground-response-copy"
              />
            ) : null}
          </div>
          {result ? (
            <ResponseView result={result} />
          ) : (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('storeApi.playground.noResponse')}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

function ParamFields({
  endpoint,
  params,
  onChange,
}: {
  endpoint: PlaygroundEndpoint;
  params: PlaygroundParams;
  onChange: (name: PlaygroundParam, value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const names: readonly PlaygroundParam[] = ENDPOINT_PARAMS[endpoint];
  if (names.length === 0)
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('storeApi.playground.noParams')}</p>
    );
  return (
    <fieldset className="flex flex-col gap-3" data-testid="playground-params">
      <legend className="mb-1 text-sm font-semibold">{t('storeApi.playground.params')}</legend>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('storeApi.playground.paramsHint')}</p>
      {names.map((name) => (
        <Field key={name} id={`${id}-${name}`} label={<code className="font-mono">{name}</code>}>
          <Input
            id={`${id}-${name}`}
            data-testid={`playground-param-${name}`}
            value={params[name] ?? ''}
            placeholder={PARAM_EXAMPLES[name]}
            inputMode={name === 'price' ? 'decimal' : undefined}
            onChange={(event) => onChange(name, event.target.value)}
          />
        </Field>
      ))}
    </fieldset>
  );
}

function ResponseView({ result }: { result: PlaygroundResult }) {
  const { t } = useTranslation();
  if (result.kind === 'failure')
    return (
      <pre
        data-testid="playground-response"
        data-outcome="failure"
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-red-50 p-3 font-mono text-xs text-red-900 dark:bg-red-950 dark:text-red-100"
      >
        {resultJson(result)}
      </pre>
    );
  const ok = result.status >= 200 && result.status < 300;
  return (
    <div
      data-testid="playground-response"
      data-outcome={ok ? 'ok' : 'error'}
      className="flex min-w-0 flex-col gap-2"
    >
      <p className="text-sm">
        <span className="font-medium">{t('storeApi.playground.status')}</span>{' '}
        <code
          data-testid="playground-status"
          className={
            ok ? 'font-mono text-green-700 dark:text-green-400' : 'font-mono text-red-700 dark:text-red-400'
          }
        >
          {result.status} {result.statusText}
        </code>
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">{t('storeApi.playground.headers')}</summary>
        <pre
          data-testid="playground-headers"
          tabIndex={0}
          className="mt-1 overflow-x-auto rounded-md bg-neutral-100 p-2 font-mono text-xs dark:bg-neutral-800"
        >
          {Object.entries(result.headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n')}
        </pre>
      </details>
      <p className="text-sm font-medium">{t('storeApi.playground.body')}</p>
      <pre
        data-testid="playground-body"
        tabIndex={0}
        className="max-h-[60vh] overflow-auto rounded-md bg-neutral-950 p-3 font-mono text-xs text-neutral-100"
      >
        {typeof result.body === 'string' ? result.body : JSON.stringify(result.body, null, 2)}
      </pre>
    </div>
  );
}
