import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatMoney, fromCents, toCents } from '@sneakers/shared/money';
import type { StorefrontPricedItem } from '@sneakers/shared/contracts/storefront';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { formatName, formatSku } from '../../../lib/item-format';
import { pageItems } from '../../../lib/page-items';
import { useSetPrice, useStorefrontPrices } from '../api/queries';

/** Cents from what a person typed; undefined when it is not an amount. */
export function parsePrice(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  try {
    return toCents(text);
  } catch {
    return undefined;
  }
}

/**
 * The price table (docs/product/online-store.md#prices): each published item with its sizes,
 * its list price, a storefront price edited in place and what the storefront charges.
 */
export function PriceTable() {
  const { t } = useTranslation();
  const prices = useStorefrontPrices();
  const items = pageItems(prices.data, (page) => page.items);
  return (
    <section aria-labelledby="storefront-prices-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="storefront-prices-title" className="font-semibold">
          {t('storefront.prices.title')}
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('storefront.prices.intro')}</p>
      </div>
      <PagedList
        query={prices}
        items={items}
        getKey={(item) => item.itemId}
        renderItem={(item) => <PriceRow item={item} />}
        label={t('storefront.prices.title')}
        testId="storefront-prices"
        rowTestId="storefront-price-row"
        errorText={t('storefront.prices.loadError')}
        empty={t('storefront.prices.empty')}
      />
    </section>
  );
}

function PriceRow({ item }: { item: StorefrontPricedItem }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const isDemo = useDemoMode();
  const setPrice = useSetPrice();
  const shown = (cents: number) => String(fromCents(cents));
  const [draft, setDraft] = useState(item.storefrontPrice === null ? '' : shown(item.storefrontPrice));
  const [invalid, setInvalid] = useState(false);
  const money = (cents: number | null) =>
    cents === null
      ? t('storefront.prices.none')
      : formatMoney({ amount: cents, currency: item.currency }, i18n.language);

  const write = (price: number | null) => {
    if (isDemo) {
      showDemoToast();
      return;
    }
    setPrice.mutate(
      { itemId: item.itemId, price },
      {
        onSuccess: ({ item: saved }) => {
          setDraft(saved.storefrontPrice === null ? '' : shown(saved.storefrontPrice));
          toast.success(t('storefront.toast.priceSaved'));
        },
        onError: (failure) => {
          if (!isDemoRefusal(failure)) toast.error(t('storefront.toast.priceError'));
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parsePrice(draft);
    setInvalid(cents === undefined);
    if (cents !== undefined) write(cents);
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4" data-item-id={item.itemId}>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{formatName(item.name)}</span>
        <span className="text-xs text-neutral-500">
          {formatSku(item.sku)} · {t(`storefront.lists.${item.listType}`)} · {item.sizes.join(', ')}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 text-sm sm:w-56">
        <dt className="text-neutral-500">{t('storefront.prices.listPrice')}</dt>
        <dd data-testid="storefront-list-price">{money(item.listPrice)}</dd>
        <dt className="text-neutral-500">{t('storefront.prices.effective')}</dt>
        <dd data-testid="storefront-effective-price" className="font-medium">
          {money(item.effectivePrice)}
        </dd>
      </dl>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <label htmlFor={`${id}-price`} className="sr-only">
          {t('storefront.prices.storefrontPriceOf', { name: formatName(item.name) })}
        </label>
        <Input
          id={`${id}-price`}
          data-testid="storefront-price-input"
          inputMode="decimal"
          className="w-28"
          placeholder={item.listPrice === null ? '' : shown(item.listPrice)}
          value={draft}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-price-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" size="sm" data-testid="storefront-price-save" disabled={setPrice.isPending}>
          {t('storefront.prices.save')}
        </Button>
        {item.storefrontPrice !== null ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            data-testid="storefront-price-reset"
            disabled={setPrice.isPending}
            onClick={() => write(null)}
          >
            {t('storefront.prices.useListPrice')}
          </Button>
        ) : null}
        {invalid ? (
          <p id={`${id}-price-error`} role="alert" className="w-full text-xs text-red-600 dark:text-red-400">
            {t('storefront.errors.price')}
          </p>
        ) : null}
      </form>
    </div>
  );
}
