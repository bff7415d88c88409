import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ApiError,
  callMarketplace,
  MARKETPLACE_FEATURE,
  MARKETPLACE_LIMIT_DEFAULT,
  MARKETPLACE_LIMIT_MAX,
} from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/form';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { useApi } from '../../../lib/api';
import { FeatureGate, FeatureNotAvailable } from '../../../lib/feature-access/feature-gate';
import { SignedInOnly, ToolPage } from '../components/access';
import { JsonView, ResultBadge } from '../components/json-view';
import { isFeatureRefusal, messageOf } from '../model/errors';
import {
  marketDataCall,
  productCall,
  searchCall,
  type CallErrors,
  type Checked,
  type MarketplaceCall,
  type ProductAction,
} from '../model/marketplace-call';

const TABS = ['search', 'products', 'marketData'] as const;
type Tab = (typeof TABS)[number];

interface CallResult {
  action: MarketplaceCall['action'];
  ok: boolean;
  payload: unknown;
}

/**
 * `/stockx-api-testing` (docs/product/catalogue.md#marketplace-api-test-page): calls the marketplace API through the
 * server (the credentials never reach the browser) and shows its raw answer. Signed-in users
 * with the stockx_api_integration feature only.
 */
export function MarketplaceApiTestPage() {
  const { t } = useTranslation();
  return (
    <ToolPage>
      <SignedInOnly deniedTitle={t('marketplaceTools.access.deniedTitle')}>
        <FeatureGate feature={MARKETPLACE_FEATURE} fallback={<NotAvailable />}>
          <ApiTester />
        </FeatureGate>
      </SignedInOnly>
    </ToolPage>
  );
}

function NotAvailable() {
  const { t } = useTranslation();
  return (
    <div data-testid="marketplace-feature-unavailable" className="flex flex-col items-center">
      <FeatureNotAvailable />
      <p className="max-w-md text-center text-sm text-neutral-600 dark:text-neutral-400">
        {t('marketplaceTools.access.upgrade')}
      </p>
    </div>
  );
}

function ApiTester() {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [tab, setTab] = useState<Tab>('search');
  const [result, setResult] = useState<CallResult | null>(null);
  // The browser's decision can be stale (a plan changed elsewhere): the server's refusal wins.
  const [refused, setRefused] = useState(false);

  const call = useMutation({
    mutationFn: (body: MarketplaceCall) => api(callMarketplace, { body }),
    onSuccess: (answer, body) => {
      setResult({ action: body.action, ok: answer.success, payload: answer });
      if (answer.success) toast.success(t('marketplaceTools.api.toast.success'));
      else
        toast.error(t('marketplaceTools.api.toast.failed'), {
          description: answer.error?.trim() || t('marketplaceTools.api.toast.unknown'),
        });
    },
    onError: (error, body) => {
      if (isFeatureRefusal(error)) {
        setRefused(true);
        return;
      }
      const message = messageOf(error);
      setResult({
        action: body.action,
        ok: false,
        payload:
          error instanceof ApiError
            ? { success: false, error: error.message, status: error.status, code: error.code }
            : { success: false, error: message ?? t('marketplaceTools.api.toast.unknown') },
      });
      toast.error(t('marketplaceTools.api.toast.failed'), {
        description: message ?? t('marketplaceTools.api.toast.unknown'),
      });
    },
  });

  if (refused) return <NotAvailable />;

  const send = (body: MarketplaceCall) => call.mutate(body);

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('marketplaceTools.api.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('marketplaceTools.api.intro')}</p>
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <TabList
            tabs={TABS}
            selected={tab}
            onSelect={setTab}
            label={t('marketplaceTools.api.tabs.label')}
            idBase={id}
            testIdPrefix="api"
            renderTab={(name) => t(`marketplaceTools.api.tabs.${name}`)}
          />
          <TabPanel tab={tab} idBase={id} testIdPrefix="api">
            {tab === 'search' && <SearchForm pending={call.isPending} onCall={send} />}
            {tab === 'products' && <ProductsForm pending={call.isPending} onCall={send} />}
            {tab === 'marketData' && <MarketDataForm pending={call.isPending} onCall={send} />}
          </TabPanel>
        </div>
        <section
          aria-labelledby={`${id}-response`}
          className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id={`${id}-response`} className="font-semibold">
              {result
                ? t('marketplaceTools.api.responseOf', { action: result.action })
                : t('marketplaceTools.api.response')}
            </h2>
            {result ? <ResultBadge ok={result.ok} testId="api-result-badge" /> : null}
          </div>
          {result ? (
            <JsonView value={result.payload} testId="api-response" />
          ) : (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('marketplaceTools.api.noResponse')}
            </p>
          )}
        </section>
      </div>
    </>
  );
}

interface FormProps {
  pending: boolean;
  onCall: (body: MarketplaceCall) => void;
}

/** Runs `checked` when valid, else shows its messages; `errorText(field)` is a field's message. */
function useChecked(onCall: FormProps['onCall']) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<CallErrors>({});
  const submit = (checked: Checked) => {
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onCall(checked.body);
  };
  const errorText = (field: keyof CallErrors): string | undefined => {
    const key = errors[field];
    return key ? t(`marketplaceTools.api.validation.${key}`, { max: MARKETPLACE_LIMIT_MAX }) : undefined;
  };
  return { submit, errorText };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  testId: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  /** The validation message; the input is marked invalid while there is one. */
  error?: string;
}

/** A labelled text input (extra props go to the input). */
function TextField({ id, label, testId, value, onValueChange, hint, error, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        data-testid={testId}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
    </Field>
  );
}

/** The submit button of a one-call form: "Calling…" while a call is pending. */
function SubmitButton({ pending, testId, label }: { pending: boolean; testId: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Button type="submit" data-testid={testId} disabled={pending}>
        {pending ? t('marketplaceTools.api.calling') : label}
      </Button>
    </div>
  );
}

/** Submits `toCall()`'s check on the form's submit. */
const onSubmitOf = (submit: (checked: Checked) => void, toCall: () => Checked) => (event: FormEvent) => {
  event.preventDefault();
  submit(toCall());
};

function SearchForm({ pending, onCall }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(String(MARKETPLACE_LIMIT_DEFAULT));
  const { submit, errorText } = useChecked(onCall);
  return (
    <form
      noValidate
      onSubmit={onSubmitOf(submit, () => searchCall(query, limit))}
      className="flex flex-col gap-4"
    >
      <TextField
        id={`${id}-query`}
        label={t('marketplaceTools.api.query')}
        testId="api-search-query"
        value={query}
        onValueChange={setQuery}
        placeholder={t('marketplaceTools.api.queryPlaceholder')}
        error={errorText('query')}
      />
      <TextField
        id={`${id}-limit`}
        label={t('marketplaceTools.api.limit')}
        hint={t('marketplaceTools.api.limitHint', {
          max: MARKETPLACE_LIMIT_MAX,
          default: MARKETPLACE_LIMIT_DEFAULT,
        })}
        error={errorText('limit')}
        testId="api-search-limit"
        type="number"
        inputMode="numeric"
        min={1}
        max={MARKETPLACE_LIMIT_MAX}
        step={1}
        value={limit}
        onValueChange={setLimit}
        className="w-32"
      />
      <SubmitButton pending={pending} testId="api-search-submit" label={t('marketplaceTools.api.search')} />
    </form>
  );
}

function ProductsForm({ pending, onCall }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [productId, setProductId] = useState('');
  const [variantId, setVariantId] = useState('');
  const { submit, errorText } = useChecked(onCall);
  const run = (action: ProductAction) => submit(productCall(action, productId, variantId));
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
      <TextField
        id={`${id}-product`}
        label={t('marketplaceTools.api.productId')}
        testId="api-product-id"
        value={productId}
        onValueChange={setProductId}
        error={errorText('productId')}
      />
      <TextField
        id={`${id}-variant`}
        label={t('marketplaceTools.api.variantId')}
        testId="api-variant-id"
        value={variantId}
        onValueChange={setVariantId}
        error={errorText('variantId')}
      />
      <div className="flex flex-wrap gap-2">
        <Button data-testid="api-get-product" disabled={pending} onClick={() => run('get_product')}>
          {t('marketplaceTools.api.getProduct')}
        </Button>
        <Button
          variant="secondary"
          data-testid="api-get-variants"
          disabled={pending}
          onClick={() => run('get_product_variants')}
        >
          {t('marketplaceTools.api.getVariants')}
        </Button>
        <Button
          variant="secondary"
          data-testid="api-get-variant"
          disabled={pending}
          onClick={() => run('get_product_variant')}
        >
          {t('marketplaceTools.api.getVariant')}
        </Button>
      </div>
    </form>
  );
}

function MarketDataForm({ pending, onCall }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [productId, setProductId] = useState('');
  const [variantId, setVariantId] = useState('');
  const { submit, errorText } = useChecked(onCall);
  return (
    <form
      noValidate
      onSubmit={onSubmitOf(submit, () => marketDataCall(productId, variantId))}
      className="flex flex-col gap-4"
    >
      <TextField
        id={`${id}-product`}
        label={t('marketplaceTools.api.productId')}
        testId="api-market-product-id"
        value={productId}
        onValueChange={setProductId}
        error={errorText('productId')}
      />
      <TextField
        id={`${id}-variant`}
        label={t('marketplaceTools.api.variantIdOptional')}
        hint={t('marketplaceTools.api.marketDataHint')}
        testId="api-market-variant-id"
        value={variantId}
        onValueChange={setVariantId}
      />
      <SubmitButton
        pending={pending}
        testId="api-market-submit"
        label={t('marketplaceTools.api.getMarketData')}
      />
    </form>
  );
}
