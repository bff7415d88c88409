import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../components/ui/spinner';
import { AuthRoute, ResetPasswordPage } from '../features/auth/pages';
import { comingSoonStrings } from '../features/coming-soon/pages';
import { ImpersonationController } from '../features/admin';
import { AddBookingPage, ClientRedirect, SharedBookingPage } from '../features/crm/pages';
import { dashboardStrings } from './dashboard/i18n/strings';
import { landingStrings } from '../features/landing';
import { ProductPage } from '../features/catalog/pages';
import { AddItemPage } from '../features/lists/pages';
import { MarketplaceApiTestPage, ScraperTestPage } from '../features/marketplace-tools/pages';
import { OnboardingRoute } from '../features/onboarding/pages';
import { OfferStatusPage } from '../features/offers/pages';
import { AddOrderPage, SharedOrderPage } from '../features/orders/pages';
import { ProfileRoute } from '../features/profile/pages';
import { ProviderRegistrationPage } from '../features/providers/pages';
import { MockListPage, PublicListPage, ShareableListsRedirect } from '../features/public-list/pages';
import { ShopPage } from '../features/shop/pages';
import { ApiPlaygroundPage } from '../features/store-api/pages';
import { ThemeTestPage } from '../features/theme/pages';
import { AddVirtualProductPage } from '../features/virtual-products/pages';
import { withStrings } from '../i18n';
import { FeatureWidgets } from './feature-widgets';
import { RouteError } from './route-error';
import { StartupGate } from './startup';

// Every screen is its own lazy chunk, loaded with the strings of the features it shows (the
// app's own strings load with the app root): features are reached through their `pages.ts`
// entries, which hold React.lazy components only.
const HomeRoute = lazy(() =>
  withStrings(import('./routes/home-route'), landingStrings, comingSoonStrings).then((m) => ({
    default: m.HomeRoute,
  })),
);
const DashboardRoute = lazy(() =>
  withStrings(import('./routes/dashboard-route'), dashboardStrings).then((m) => ({
    default: m.DashboardRoute,
  })),
);
const PlaceholderScreen = lazy(() =>
  import('./routes/simple-screens').then((m) => ({ default: m.PlaceholderScreen })),
);
const NotFoundPage = lazy(() => import('./routes/simple-screens').then((m) => ({ default: m.NotFoundPage })));

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-svh" />}>
      {children}
    </Suspense>
  );
}

function screen(Screen: ComponentType): ReactNode {
  return (
    <Loading>
      <Screen />
    </Loading>
  );
}

/**
 * Public screens whose issues have not landed yet: path and the `screens.*` i18n key
 * of their name. Each is replaced by its feature's own lazy route when it lands.
 */
export const PLACEHOLDER_ROUTES: ReadonlyArray<readonly [path: string, screen: string]> = [];

/**
 * Every route: the start-up spinner and gate, the impersonation banner above the screen, and
 * the widgets one feature shows of another's.
 */
function RootLayout() {
  return (
    <FeatureWidgets>
      <ImpersonationController />
      <StartupGate>
        <Outlet />
      </StartupGate>
      <ScrollRestoration />
    </FeatureWidgets>
  );
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: screen(HomeRoute) },
      { path: 'auth', element: screen(AuthRoute) },
      { path: 'auth/reset-password', element: screen(ResetPasswordPage) },
      { path: 'onboarding', element: screen(OnboardingRoute) },
      { path: 'profile', element: screen(ProfileRoute) },
      { path: 'theme-test', element: screen(ThemeTestPage) },
      // /dashboard, every /dashboard/<section> and the detail pages: the shell picks the section.
      { path: 'dashboard', element: screen(DashboardRoute) },
      { path: 'dashboard/*', element: screen(DashboardRoute) },
      { path: 'share/:userId/:listType', element: screen(PublicListPage) },
      // The public store pages (store.html serves them; here for client-side navigation).
      { path: 'store/*', element: screen(ShopPage) },
      { path: 'shareable-lists', element: screen(ShareableListsRedirect) },
      { path: 'mock-shareable-list', element: screen(MockListPage) },
      { path: 'provider-registration/:storeUserId/:token', element: screen(ProviderRegistrationPage) },
      { path: 'booking/:bookingId', element: screen(SharedBookingPage) },
      { path: 'offer-status/:token', element: screen(OfferStatusPage) },
      { path: 'client/:clientId', element: screen(ClientRedirect) },
      { path: 'add-booking', element: screen(AddBookingPage) },
      { path: 'add-order', element: screen(AddOrderPage) },
      { path: 'orders/:orderId', element: screen(SharedOrderPage) },
      { path: 'add-virtual-product', element: screen(AddVirtualProductPage) },
      ...['product/:id', 'product-catalog/:id', 'product-catalog-v2/:id'].map((path) => ({
        path,
        element: screen(ProductPage),
      })),
      { path: 'stockx-api-testing', element: screen(MarketplaceApiTestPage) },
      { path: 'stockx-testing', element: screen(ScraperTestPage) },
      { path: 'api-playground', element: screen(ApiPlaygroundPage) },
      ...(['inventory', 'wtb', 'wtc'] as const).map((listType) => ({
        path: `add-${listType}`,
        element: (
          <Loading>
            <AddItemPage listType={listType} />
          </Loading>
        ),
      })),
      ...PLACEHOLDER_ROUTES.map(([path, name]) => ({
        path,
        element: (
          <Loading>
            <PlaceholderScreen screen={name} />
          </Loading>
        ),
      })),
      { path: '*', element: screen(NotFoundPage) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
