import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { StorefrontSizeSystem } from '@sneakers/shared/contracts/storefront';
import { withStrings } from '../../../i18n';
import { buyerFormsStrings } from '../buyer-forms/i18n/strings';
import { initialDataFor, type InitialData } from '../model/initial-data';
import { parseShopRoute } from '../model/route';
import { rememberSizeSystem, storedSizeSystem } from '../model/sizes';
import { ProductPage } from './product-page';
import { ShopFrame, ShopLoading, StoreNotFound } from './shop-frame';
import { ShopLayerProvider, useLayerState, useShopLayer, type LiveProviders } from './shop-layer';
import { ShopNavProvider, type ShopNavigate } from './shop-nav';
import { StorefrontPage } from './storefront-page';

// The pages a buyer reaches from the payment provider or an email, not a storefront's first
// load: their code stays out of store.html's initial JavaScript.
const CheckoutReturn = lazy(() =>
  withStrings(import('../buyer-forms/checkout-return'), buyerFormsStrings).then((m) => ({
    default: m.CheckoutReturn,
  })),
);
const NotifyConfirmPage = lazy(() =>
  withStrings(import('../buyer-forms/notify-link-page'), buyerFormsStrings).then((m) => ({
    default: m.NotifyConfirmPage,
  })),
);
const NotifyUnsubscribePage = lazy(() =>
  withStrings(import('../buyer-forms/notify-link-page'), buyerFormsStrings).then((m) => ({
    default: m.NotifyUnsubscribePage,
  })),
);

function Later({ children }: { children: ReactNode }) {
  const { layer } = useShopLayer();
  const loading = (
    <ShopFrame>
      <ShopLoading />
    </ShopFrame>
  );
  return layer ? (
    <layer.Providers>
      <Suspense fallback={loading}>{children}</Suspense>
    </layer.Providers>
  ) : (
    loading
  );
}

export interface ShopScreenProps {
  /** The page's path and query (`location.pathname`, `location.search`). */
  pathname: string;
  search: string;
  navigate: ShopNavigate;
  /** What the server inlined in store.html (used for the page it was rendered for). */
  initial?: InitialData | null;
  /**
   * store.html's API client and query cache, loaded with the data layer after the first paint;
   * without it (the app's router) the app's own are around.
   */
  loadProviders?: () => Promise<LiveProviders>;
}

/** Every public store page (docs/product/online-store.md), by path. */
export function ShopScreen({ pathname, search, navigate, initial = null, loadProviders }: ShopScreenProps) {
  const layerState = useLayerState(loadProviders);
  const { request } = layerState;
  const [system, setSystem] = useState<StorefrontSizeSystem>(storedSizeSystem);
  const chooseSystem = useCallback((next: StorefrontSizeSystem) => {
    rememberSizeSystem(next);
    setSystem(next);
  }, []);
  const route = parseShopRoute(pathname, search);
  // The inline data belongs to the page the server rendered: the first one shown.
  const [firstData] = useState(() => initialDataFor(initial, route));
  const [firstPath] = useState(pathname);
  const data = pathname === firstPath ? firstData : { store: undefined, product: undefined };
  // Without inline data the page needs the API now. With it, the data layer waits for the
  // buyer's first move that needs it (search, filters, sort, more results, a size, Buy): loading
  // it while the page settles cost a phone ~400 ms of blocked main thread (ADR 0004, store.html).
  const painted = Boolean(data.store ?? data.product);
  useEffect(() => {
    if (!painted) request();
  }, [painted, request]);

  let page;
  if (!route)
    page = (
      <ShopFrame>
        <StoreNotFound />
      </ShopFrame>
    );
  else if (route.page === 'store')
    page = (
      <StorefrontPage
        key={route.storeId}
        storeId={route.storeId}
        system={system}
        onSystem={chooseSystem}
        initial={data.store}
      />
    );
  else if (route.page === 'product')
    page = (
      <ProductPage
        key={`${route.storeId}/${route.productId}`}
        storeId={route.storeId}
        productId={route.productId}
        system={system}
        onSystem={chooseSystem}
        initial={data.product}
      />
    );
  else if (route.page === 'checkout')
    page = (
      <Later>
        <CheckoutReturn storeId={route.storeId} checkoutId={route.checkoutId} cancelled={route.cancelled} />
      </Later>
    );
  else if (route.page === 'notify-confirm')
    page = (
      <Later>
        <NotifyConfirmPage token={route.token} />
      </Later>
    );
  else
    page = (
      <Later>
        <NotifyUnsubscribePage token={route.token} />
      </Later>
    );
  return (
    <ShopLayerProvider value={layerState}>
      <ShopNavProvider value={navigate}>{page}</ShopNavProvider>
    </ShopLayerProvider>
  );
}
