import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import type { UserProfile } from '@sneakers/shared';
import type { StorefrontPricedItem, StorefrontSetup } from '@sneakers/shared/contracts/storefront';
import type { FeatureAccessData } from '@sneakers/shared/rules/feature-access';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';
import '../../../test/setup';

afterEach(() => {
  toast.dismiss();
});

const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  role: 'store',
  isSuperuser: false,
};

const defaults: StorefrontSetup = {
  enabled: false,
  name: '',
  logoUrl: null,
  bannerUrl: null,
  description: '',
  contact: '',
  returnsText: '',
  lists: ['inventory'],
  virtualProductIds: [],
  updatedAt: null,
};

const priced = (patch: Partial<StorefrontPricedItem> = {}): StorefrontPricedItem => ({
  itemId: 'it-1',
  listType: 'inventory',
  name: 'dunk low panda',
  sku: 'dd1391-100',
  brand: 'Nike',
  imageUrl: null,
  sizes: ['42', '43'],
  listPrice: 15000,
  storefrontPrice: null,
  effectivePrice: 15000,
  currency: 'EUR',
  ...patch,
});

const answer = (setup: StorefrontSetup) => ({
  setup,
  path: '/store/u-1',
  profile: { businessName: 'Kicks Madrid', avatarUrl: 'https://img.example.com/me.png' },
});

/** The dashboard's online-store section signed in as a store; `route` answers the storefront's calls. */
function renderSection(route: Route) {
  return renderApp(
    '/dashboard?page=online-store',
    (url, init) => {
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/feature-access/me') {
        const data: FeatureAccessData = { flags: [], rules: [], grants: {}, overrides: [] };
        return Response.json({
          subject: { userId: 'u-1', role: 'store', plan: profile.subscriptionPlan, isSuperuser: false },
          data,
          startupGate: false,
        });
      }
      if (url.pathname === '/api/virtual-products')
        return Response.json({
          virtualProducts: [
            {
              id: 'vp-1',
              productCatalogId: null,
              productVariantId: null,
              sku: 'vp-1',
              name: 'Made to order',
              brand: '',
              colorway: '',
              imageUrl: null,
              price: 20000,
              costPrice: null,
              currency: 'EUR',
              sizes: ['42'],
              active: true,
              notes: null,
              soldCount: 0,
              createdAt: '2026-03-01T10:00:00.000Z',
              updatedAt: '2026-03-01T10:00:00.000Z',
            },
          ],
          cursor: null,
        });
      return route(url, init);
    },
    { status: 'signed-in', userId: 'u-1', email: profile.contactEmail },
  );
}

const sent = (fetchMock: { mock: { calls: unknown[][] } }, pathname: string, method: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), init: init as RequestInit | undefined }))
    .filter(({ url, init }) => url.pathname === pathname && init?.method === method)
    .map(({ init }) => JSON.parse(String(init?.body)) as unknown);

describe('dashboard: the online-store section', { timeout: 30_000 }, () => {
  it('shows the defaults, the link and the avatar as logo; validates and saves the set-up', async () => {
    const { fetchMock } = renderSection((url, init) => {
      if (url.pathname === '/api/storefront/setup' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as StorefrontSetup;
        return Response.json(answer({ ...body, updatedAt: '2026-03-02T10:00:00.000Z' }));
      }
      if (url.pathname === '/api/storefront/setup') return Response.json(answer(defaults));
      if (url.pathname === '/api/storefront/prices') return Response.json({ items: [], cursor: null });
      return undefined;
    });
    const form = await screen.findByTestId('storefront-setup-form', {}, { timeout: 20_000 });
    expect((within(form).getByTestId('storefront-enabled') as HTMLInputElement).checked).toBe(false);
    expect(within(form).getByTestId('storefront-logo-preview').getAttribute('src')).toBe(
      'https://img.example.com/me.png',
    );
    expect((within(form).getByTestId('storefront-list-inventory') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('storefront-link').textContent).toContain('/store/u-1');
    expect(screen.getByTestId('storefront-preview').getAttribute('href')).toBe('/store/u-1');
    expect(screen.getByTestId('storefront-api-reference').getAttribute('href')).toBe('/api-reference');
    expect(await screen.findByTestId('storefront-prices-empty')).toBeTruthy();

    fireEvent.click(within(form).getByTestId('storefront-enabled'));
    fireEvent.change(within(form).getByTestId('storefront-name'), { target: { value: ' Kicks Online ' } });
    fireEvent.change(within(form).getByTestId('storefront-bannerUrl'), { target: { value: 'ftp://x' } });
    fireEvent.click(within(form).getByTestId('storefront-list-wts'));
    fireEvent.click(await within(form).findByTestId('storefront-virtual-vp-1'));
    fireEvent.click(within(form).getByTestId('storefront-save'));
    expect(await within(form).findByText('Enter a link starting with https://')).toBeTruthy();
    expect(sent(fetchMock, '/api/storefront/setup', 'PUT')).toEqual([]);

    fireEvent.change(within(form).getByTestId('storefront-bannerUrl'), {
      target: { value: 'https://img.example.com/banner.jpg' },
    });
    fireEvent.click(within(form).getByTestId('storefront-save'));
    expect(await screen.findByText('Online store saved')).toBeTruthy();
    expect(sent(fetchMock, '/api/storefront/setup', 'PUT')).toEqual([
      {
        enabled: true,
        name: 'Kicks Online',
        logoUrl: null,
        bannerUrl: 'https://img.example.com/banner.jpg',
        description: '',
        contact: '',
        returnsText: '',
        lists: ['inventory', 'wts'],
        virtualProductIds: ['vp-1'],
      },
    ]);
  });

  it('the price table: sets a price in place, refuses a non-amount, and goes back to the list price', async () => {
    const { fetchMock } = renderSection((url, init) => {
      if (url.pathname === '/api/storefront/setup') return Response.json(answer(defaults));
      if (url.pathname === '/api/storefront/prices')
        return Response.json({ items: [priced()], cursor: null });
      if (url.pathname === '/api/storefront/prices/it-1') {
        const { price } = JSON.parse(String(init?.body)) as { price: number | null };
        return Response.json({
          item: priced({ storefrontPrice: price, effectivePrice: price ?? 15000 }),
        });
      }
      return undefined;
    });
    const row = await screen.findByTestId('storefront-price-row', {}, { timeout: 20_000 });
    expect(within(row).getByTestId('storefront-effective-price').textContent).toBe('€150.00');
    const input = within(row).getByLabelText('Online price of Dunk Low Panda');

    fireEvent.change(input, { target: { value: 'cheap' } });
    fireEvent.click(within(row).getByTestId('storefront-price-save'));
    expect(await within(row).findByText('Enter an amount, e.g. 149.99')).toBeTruthy();

    fireEvent.change(input, { target: { value: '139,50' } });
    fireEvent.click(within(row).getByTestId('storefront-price-save'));
    await waitFor(() =>
      expect(within(row).getByTestId('storefront-effective-price').textContent).toBe('€139.50'),
    );
    fireEvent.click(within(row).getByTestId('storefront-price-reset'));
    await waitFor(() =>
      expect(within(row).getByTestId('storefront-effective-price').textContent).toBe('€150.00'),
    );
    expect(sent(fetchMock, '/api/storefront/prices/it-1', 'PUT')).toEqual([
      { price: 13950 },
      { price: null },
    ]);
  });

  it('says so when the set-up cannot load, and retries', async () => {
    let failures = 1;
    renderSection((url) => {
      if (url.pathname === '/api/storefront/setup' && failures-- > 0)
        return Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 });
      if (url.pathname === '/api/storefront/setup') return Response.json(answer(defaults));
      if (url.pathname === '/api/storefront/prices') return Response.json({ items: [], cursor: null });
      return undefined;
    });
    const error = await screen.findByTestId('storefront-error', {}, { timeout: 20_000 });
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('storefront-setup-form')).toBeTruthy();
  });
});
