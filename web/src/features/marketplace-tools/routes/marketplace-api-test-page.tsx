import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
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
import { useApi } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { FeatureGate, FeatureNotAvailable } from '../../flags';
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
 * `/stockx-api-testing` (spec sections 2, 5, 8 and 9): calls the marketplace API through the
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
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

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

  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(at + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(at - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('marketplaceTools.api.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('marketplaceTools.api.intro')}</p>
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <div
            role="tablist"
            aria-label={t('marketplaceTools.api.tabs.label')}
            onKeyDown={onKeyDown}
            className="-mx-1 flex gap-1 overflow-x-auto border-b border-neutral-200 px-1 dark:border-neutral-800"
          >
            {TABS.map((name) => (
              <button
                key={name}
                ref={(el) => {
                  tabRefs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${name}`}
                data-testid={`api-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`${id}-panel-${name}`}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => setTab(name)}
                className={cn(
                  '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-orange-500',
                  tab === name
                    ? 'border-orange-600 text-orange-700 dark:border-orange-500 dark:text-orange-400'
                    : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100',
                )}
              >
                {t(`marketplaceTools.api.tabs.${name}`)}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`${id}-panel-${tab}`}
            aria-labelledby={`${id}-tab-${tab}`}
            data-testid={`api-panel-${tab}`}
          >
            {tab === 'search' && <SearchForm pending={call.isPending} onCall={send} />}
            {tab === 'products' && <ProductsForm pending={call.isPending} onCall={send} />}
            {tab === 'marketData' && <MarketDataForm pending={call.isPending} onCall={send} />}
          </div>
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

/** Runs `checked` when valid, else shows its messages. */
function useChecked(onCall: FormProps['onCall']) {
  const [errors, setErrors] = useState<CallErrors>({});
  const submit = (checked: Checked) => {
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onCall(checked.body);
  };
  return { errors, submit };
}

/** The message of `field`'s validation error, if it has one. */
function useErrorText(errors: CallErrors) {
  const { t } = useTranslation();
  return (field: keyof CallErrors): string | undefined => {
    const key = errors[field];
    return key ? t(`marketplaceTools.api.validation.${key}`, { max: MARKETPLACE_LIMIT_MAX }) : undefined;
  };
}

function SearchForm({ pending, onCall }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(String(MARKETPLACE_LIMIT_DEFAULT));
  const { errors, submit } = useChecked(onCall);
  const errorText = useErrorText(errors);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(searchCall(query, limit));
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field id={`${id}-query`} label={t('marketplaceTools.api.query')} error={errorText('query')}>
        <Input
          id={`${id}-query`}
          data-testid="api-search-query"
          value={query}
          placeholder={t('marketplaceTools.api.queryPlaceholder')}
          aria-invalid={errors.query ? true : undefined}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Field>
      <Field
        id={`${id}-limit`}
        label={t('marketplaceTools.api.limit')}
        hint={t('marketplaceTools.api.limitHint', {
          max: MARKETPLACE_LIMIT_MAX,
          default: MARKETPLACE_LIMIT_DEFAULT,
        })}
        error={errorText('limit')}
      >
        <Input
          id={`${id}-limit`}
          data-testid="api-search-limit"
          type="number"
          inputMode="numeric"
          min={1}
          max={MARKETPLACE_LIMIT_MAX}
          step={1}
          value={limit}
          aria-invalid={errors.limit ? true : undefined}
          onChange={(event) => setLimit(event.target.value)}
          className="w-32"
        />
      </Field>
      <div>
        <Button type="submit" data-testid="api-search-submit" disabled={pending}>
          {pending ? t('marketplaceTools.api.calling') : t('marketplaceTools.api.search')}
        </Button>
      </div>
    </form>
  );
}

function ProductsForm({ pending, onCall }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [productId, setProductId] = useState('');
  const [variantId, setVariantId] = useState('');
  const { errors, submit } = useChecked(onCall);
  const errorText = useErrorText(errors);
  const run = (action: ProductAction) => submit(productCall(action, productId, variantId));
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
      <Field id={`${id}-product`} label={t('marketplaceTools.api.productId')} error={errorText('productId')}>
        <Input
          id={`${id}-product`}
          data-testid="api-product-id"
          value={productId}
          aria-invalid={errors.productId ? true : undefined}
          onChange={(event) => setProductId(event.target.value)}
        />
      </Field>
      <Field id={`${id}-variant`} label={t('marketplaceTools.api.variantId')} error={errorText('variantId')}>
        <Input
          id={`${id}-variant`}
          data-testid="api-variant-id"
          value={variantId}
          aria-invalid={errors.variantId ? true : undefined}
          onChange={(event) => setVariantId(event.target.value)}
        />
      </Field>
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
  const { errors, submit } = useChecked(onCall);
  const errorText = useErrorText(errors);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(marketDataCall(productId, variantId));
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field id={`${id}-product`} label={t('marketplaceTools.api.productId')} error={errorText('productId')}>
        <Input
          id={`${id}-product`}
          data-testid="api-market-product-id"
          value={productId}
          aria-invalid={errors.productId ? true : undefined}
          onChange={(event) => setProductId(event.target.value)}
        />
      </Field>
      <Field
        id={`${id}-variant`}
        label={t('marketplaceTools.api.variantIdOptional')}
        hint={t('marketplaceTools.api.marketDataHint')}
      >
        <Input
          id={`${id}-variant`}
          data-testid="api-market-variant-id"
          value={variantId}
          onChange={(event) => setVariantId(event.target.value)}
        />
      </Field>
      <div>
        <Button type="submit" data-testid="api-market-submit" disabled={pending}>
          {pending ? t('marketplaceTools.api.calling') : t('marketplaceTools.api.getMarketData')}
        </Button>
      </div>
    </form>
  );
}
