import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorefrontSize, StorefrontSizeSystem } from '@sneakers/shared/contracts/storefront';
import { storefrontPath } from '@sneakers/shared/rules/storefront';
import { buttonClass } from '../../../components/ui/button-styles';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';
import { contactHref } from '../model/contact';
import type { ProductAnswer } from '../model/initial-data';
import { firstProduct, type ProductResult } from '../model/live-results';
import { shopPrice } from '../model/money';
import { sizeLabel } from '../model/sizes';
import { ShopError, ShopFrame, ShopLoading, ShopMessage, StoreNotFound } from './shop-frame';
import { withStrings } from '../../../i18n';
import { buyerFormsStrings } from '../buyer-forms/i18n/strings';
import { LiveBridge, useShopLayer } from './shop-layer';
import { ShopLink } from './shop-nav';

// Buy's form loads on the first click (most visitors of a product page only look).
const BuyDialog = lazy(() =>
  withStrings(import('../buyer-forms/buy-dialog'), buyerFormsStrings).then((m) => ({ default: m.BuyDialog })),
);
// So is "Notify me" (an out-of-stock size picked).
const NotifyForm = lazy(() =>
  withStrings(import('../buyer-forms/notify-form'), buyerFormsStrings).then((m) => ({
    default: m.NotifyForm,
  })),
);
// And "Make an offer", with the offers contract it sends.
const OfferForm = lazy(() =>
  withStrings(import('../buyer-forms/offer-form'), buyerFormsStrings).then((m) => ({ default: m.OfferForm })),
);

export interface ProductPageProps {
  storeId: string;
  productId: string;
  system: StorefrontSizeSystem;
  onSystem: (system: StorefrontSizeSystem) => void;
  initial?: ProductAnswer | undefined;
}

export function ProductPage({ storeId, productId, system, onSystem, initial }: ProductPageProps) {
  const { t, i18n } = useTranslation();
  const { layer, request } = useShopLayer();
  const [live, setLive] = useState<ProductResult | null>(null);
  const query = live ?? firstProduct(initial, request);
  const [picked, setPicked] = useState<string | null>(null);
  const [buying, setBuying] = useState(false);
  const [offering, setOffering] = useState(false);
  const title = query.data ? `${query.data.product.name} | ${query.data.store.name}` : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const bridge = (
    <LiveBridge>
      {(live) => (
        <live.ProductData storeId={storeId} productId={productId} initial={initial} onResult={setLive} />
      )}
    </LiveBridge>
  );

  if (query.isPending)
    return (
      <ShopFrame>
        {bridge}
        <ShopLoading />
      </ShopFrame>
    );
  if (query.isError) {
    if (query.errorCode === 'PRODUCT_NOT_AVAILABLE')
      return (
        <ShopFrame>
          {bridge}
          <ShopMessage
            title={t('shop.gone.title')}
            text={t('shop.gone.text')}
            action={
              <ShopLink className={buttonClass()} href={storefrontPath(storeId)}>
                {t('shop.gone.back')}
              </ShopLink>
            }
          />
        </ShopFrame>
      );
    return (
      <ShopFrame>
        {bridge}
        {query.notFound ? <StoreNotFound /> : <ShopError onRetry={query.refetch} />}
      </ShopFrame>
    );
  }

  if (!query.data)
    return (
      <ShopFrame>
        {bridge}
        <ShopLoading />
      </ShopFrame>
    );
  const { store, product } = query.data;
  const run: StorefrontSize[] = product.sizeRun.length > 0 ? product.sizeRun : product.sizes;
  // The size run's entry says nothing of stock or price: the in-stock list does.
  const stock = new Map(product.sizes.map((size) => [size.label, size]));
  const sizeOf = (label: string) => stock.get(label) ?? run.find((size) => size.label === label);
  const selected = picked ? sizeOf(picked) : undefined;
  const inStock = selected ? stock.get(selected.label)?.inStock === true : false;
  const price = (amount: number) => shopPrice(amount, product.currency, i18n.resolvedLanguage);
  const contact = contactHref(store.contact);
  const images = product.images.length > 0 ? product.images : [product.imageUrl ?? PLACEHOLDER_IMAGE];

  // Try Demo's store refuses every checkout and offer: the demo toast, without a form to fill.
  const refuseDemo = () => {
    void Promise.all([import('sonner'), import('../../../lib/demo/demo-refusal')]).then(
      ([{ toast }, { DEMO_TOAST_ID }]) => toast.error(t('shop.demo'), { id: DEMO_TOAST_ID }),
    );
  };
  const buy = () => {
    if (!selected || !inStock) return;
    if (store.demo) {
      refuseDemo();
      return;
    }
    request();
    setBuying(true);
  };
  // A virtual product is made to order: there is no pair behind its sizes to offer on.
  const canOffer = Boolean(selected && inStock && !product.virtual);
  const offer = () => {
    if (!canOffer) return;
    if (store.demo) {
      refuseDemo();
      return;
    }
    request();
    setOffering(true);
  };

  return (
    <ShopFrame title={store.name} home={storefrontPath(storeId)} sizeSystem={system} onSizeSystem={onSystem}>
      {bridge}
      <p className="py-3 text-sm">
        <ShopLink className="text-orange-700 underline dark:text-orange-400" href={storefrontPath(storeId)}>
          {t('shop.product.back')}
        </ShopLink>
      </p>
      <article className="grid gap-6 md:grid-cols-2">
        <div className="flex snap-x snap-mandatory gap-2 overflow-x-auto md:grid md:overflow-visible">
          {images.map((src, index) => (
            <img
              key={src}
              src={src}
              onError={showPlaceholder}
              alt={t('shop.product.image', { name: product.name, index: index + 1 })}
              width={800}
              height={800}
              loading={index === 0 ? 'eager' : 'lazy'}
              {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
              className="aspect-square w-full shrink-0 snap-center rounded-lg bg-neutral-100 object-contain dark:bg-neutral-900"
            />
          ))}
        </div>
        <div className="grid content-start gap-4">
          <div>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{product.brand}</p>
            <h1 className="text-2xl font-bold">{product.name}</h1>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-neutral-600 dark:text-neutral-400">{t('shop.product.sku')}</dt>
              <dd className="uppercase">{product.sku}</dd>
              {product.colorway ? (
                <>
                  <dt className="text-neutral-600 dark:text-neutral-400">{t('shop.product.colorway')}</dt>
                  <dd>{product.colorway}</dd>
                </>
              ) : null}
              {product.releaseDate ? (
                <>
                  <dt className="text-neutral-600 dark:text-neutral-400">{t('shop.product.releaseDate')}</dt>
                  <dd>{product.releaseDate}</dd>
                </>
              ) : null}
            </dl>
          </div>
          <p className="text-xl font-semibold" data-testid="product-price">
            {price(selected && inStock ? selected.price : product.price)}
          </p>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('shop.product.chooseSize')}</legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="size-picker">
              {run.map((entry) => {
                const size = stock.get(entry.label) ?? entry;
                const available = stock.get(entry.label)?.inStock === true;
                const text = sizeLabel(size, system);
                return (
                  <button
                    key={size.label}
                    type="button"
                    aria-pressed={picked === size.label}
                    aria-label={
                      available
                        ? t('shop.product.sizePrice', { size: text, price: price(size.price) })
                        : `${text}, ${t('shop.product.outOfStock')}`
                    }
                    onClick={() => {
                      setPicked(size.label);
                      request();
                    }}
                    className={`flex min-h-12 flex-col items-center justify-center rounded-md border px-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 aria-pressed:border-orange-600 aria-pressed:ring-2 aria-pressed:ring-orange-600 ${
                      available
                        ? 'border-neutral-300 dark:border-neutral-700'
                        : 'border-dashed border-neutral-300 text-neutral-500 dark:border-neutral-700'
                    }`}
                  >
                    <span>{text}</span>
                    <span className="text-xs">
                      {available ? price(size.price) : t('shop.product.outOfStock')}
                    </span>
                  </button>
                );
              })}
            </div>
          </fieldset>
          {selected && !inStock ? (
            layer ? (
              <layer.Providers>
                <Suspense fallback={<ShopLoading />}>
                  <NotifyForm
                    key={selected.label}
                    storeId={storeId}
                    productId={product.productId}
                    size={selected.label}
                    sizeText={sizeLabel(selected, system)}
                  />
                </Suspense>
              </layer.Providers>
            ) : (
              <ShopLoading />
            )
          ) : (
            <div className={canOffer ? 'grid gap-2 sm:grid-cols-2' : 'grid'}>
              <button
                type="button"
                className={buttonClass('default', 'lg', 'w-full')}
                aria-disabled={!selected}
                onClick={buy}
                data-testid="buy"
              >
                {selected ? t('shop.product.buy') : t('shop.product.chooseSizeFirst')}
              </button>
              {canOffer ? (
                <button
                  type="button"
                  className={buttonClass('outline', 'lg', 'w-full')}
                  onClick={offer}
                  data-testid="make-offer"
                >
                  {t('shop.product.makeOffer')}
                </button>
              ) : null}
            </div>
          )}
          {product.description ? <p className="text-sm whitespace-pre-line">{product.description}</p> : null}
          {store.contact ? (
            <p className="text-sm">
              <span className="font-medium">{t('shop.product.contact')}: </span>
              {contact ? (
                <a className="text-orange-700 underline dark:text-orange-400" href={contact}>
                  {store.contact}
                </a>
              ) : (
                store.contact
              )}
            </p>
          ) : null}
        </div>
      </article>
      {buying && selected && layer ? (
        <layer.Providers>
          <Suspense fallback={null}>
            <BuyDialog
              storeId={storeId}
              product={product}
              size={selected}
              sizeText={sizeLabel(selected, system)}
              onClose={() => setBuying(false)}
              onSizeTaken={query.invalidate}
            />
          </Suspense>
        </layer.Providers>
      ) : null}
      {offering && selected && layer ? (
        <layer.Providers>
          <Suspense fallback={null}>
            <OfferForm
              storeId={storeId}
              product={product}
              size={selected}
              sizeText={sizeLabel(selected, system)}
              onClose={() => setOffering(false)}
              onSizeTaken={query.invalidate}
            />
          </Suspense>
        </layer.Providers>
      ) : null}
    </ShopFrame>
  );
}
