import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Item, Product, UserProfile, Variant } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp } from '../../../test/render-app';
import { addDays, localDay } from '../model/releases';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const store: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
  isSuperuser: false,
};
const superuser: UserProfile = { ...store, isSuperuser: true };

function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    sku: 'dd1391-100',
    name: 'nike dunk low retro white black',
    brand: 'nike',
    productType: 'sneakers',
    imageUrl: `https://img.example.com/${id}.png`,
    releaseDate: '2021-03-10',
    retailPrice: 11000,
    currency: 'EUR',
    colorway: 'White/Black',
    gender: 'men',
    marketplaceSlug: 'nike-dunk-low-retro-white-black-2021',
    marketplaceProductId: 'mp-1',
    createdAt: '2026-01-01T10:00:00Z',
    updatedAt: '2026-02-01T10:00:00Z',
    ...overrides,
  };
}

function variant(
  id: string,
  label: string,
  size: Partial<Variant['size']>,
  retailPrice: number | null = 11000,
): Variant {
  return {
    id,
    productId: 'pr-1',
    label,
    retailPrice,
    size: { brand: 'nike', eu: null, usM: null, usW: null, uk: null, jpCm: null, ...size },
    marketplaceVariantId: null,
    gtin: null,
    updatedAt: '2026-02-01T10:00:00Z',
  };
}

type Call = { method: string; path: string; params: URLSearchParams; body: unknown };
type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** The app with `profile` signed in; `handler` answers the catalogue's routes, every call recorded. */
function renderCatalog(path: string, handler: Handler, profile: UserProfile = store) {
  const calls: Call[] = [];
  const rendered = renderApp(
    path,
    (url, init) => {
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        params: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/catalog/facets')
        return Response.json({ brands: ['adidas', 'Nike'], productTypes: ['sneakers'] });
      return handler(url, init);
    },
    signedIn,
  );
  return { ...rendered, calls };
}

const searches = (calls: Call[]) =>
  calls.filter((c) => c.path === '/api/catalog/products' && c.method === 'GET');

describe('catalog section', { timeout: 40_000 }, () => {
  it('shows recent products, then searches once after fast typing, with the exact count and pages', async () => {
    const { calls, router } = renderCatalog('/dashboard/catalog', (url) => {
      if (url.pathname !== '/api/catalog/products') return undefined;
      const q = url.searchParams.get('q');
      const page = Number(url.searchParams.get('page') ?? '1');
      if (!q) return Response.json({ products: [product('pr-r')], total: 1, page: 1, pageSize: 24 });
      return Response.json({
        products: [product(`pr-${page}`, { name: `dunk page ${page}` })],
        total: 1234,
        page,
        pageSize: 24,
      });
    });
    // The dashboard and this section load as lazy chunks: slow on a busy machine.
    const card = await screen.findByTestId('catalog-card', {}, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Recent products' })).toBeTruthy();
    expect(screen.getByTestId('catalog-count').textContent).toBe('1 product');
    expect(card.getAttribute('href')).toBe('/product/pr-r');
    expect(within(card).getByText('DD1391-100')).toBeTruthy();
    expect(within(card).getByText('Nike Dunk Low Retro White Black')).toBeTruthy();
    expect(within(card).getByRole('img').getAttribute('alt')).toBe('Nike Dunk Low Retro White Black');

    const box = screen.getByTestId('catalog-search');
    for (const text of ['d', 'du', 'dun', 'dunk']) fireEvent.change(box, { target: { value: text } });
    expect(await screen.findByText('Dunk Page 1', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Search results' })).toBeTruthy();
    expect(screen.getByTestId('catalog-count').textContent).toBe('1,234 products');
    expect(screen.getByTestId('catalog-page').textContent).toBe('Page 1 of 52');
    const typed = searches(calls).filter((c) => c.params.get('q'));
    expect(typed.map((c) => c.params.get('q'))).toEqual(['dunk']);
    expect(router.state.location.search).toBe('?q=dunk');

    fireEvent.click(screen.getByTestId('catalog-next'));
    expect(await screen.findByText('Dunk Page 2')).toBeTruthy();
    expect(screen.getByTestId('catalog-page').textContent).toBe('Page 2 of 52');
    expect(router.state.location.search).toBe('?q=dunk&p=2');
    expect(searches(calls).at(-1)?.params.get('page')).toBe('2');
    expect(screen.getByTestId('catalog-prev')).toHaveProperty('disabled', false);

    // The back button walks the address: page 1 again, from the cache.
    await router.navigate(-1);
    expect(await screen.findByText('Dunk Page 1')).toBeTruthy();
    expect((screen.getByTestId('catalog-search') as HTMLInputElement).value).toBe('dunk');
  });

  it('filters by brand from the facets and offers to clear filters when nothing matches', async () => {
    const { calls } = renderCatalog('/dashboard/catalog?q=zzz', (url) => {
      if (url.pathname !== '/api/catalog/products') return undefined;
      if (url.searchParams.get('q') || url.searchParams.get('brand'))
        return Response.json({ products: [], total: 0, page: 1, pageSize: 24 });
      return Response.json({ products: [product('pr-r')], total: 1, page: 1, pageSize: 24 });
    });
    expect((await screen.findByTestId('catalog-empty')).textContent).toContain(
      'No products match your search.',
    );
    expect((screen.getByTestId('catalog-search') as HTMLInputElement).value).toBe('zzz');
    await screen.findByRole('option', { name: 'adidas' });
    fireEvent.change(screen.getByTestId('catalog-brand'), { target: { value: 'adidas' } });
    await waitFor(() =>
      expect(
        searches(calls).some((c) => c.params.get('brand') === 'adidas' && c.params.get('q') === 'zzz'),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByTestId('catalog-clear'));
    expect(await screen.findByRole('heading', { name: 'Recent products' })).toBeTruthy();
    expect(await screen.findByTestId('catalog-card')).toBeTruthy();
    expect((screen.getByTestId('catalog-search') as HTMLInputElement).value).toBe('');
    expect(searches(calls).at(-1)?.params.toString()).toBe('page=1');
  });

  it('says so when the search fails and retries', async () => {
    let fail = true;
    renderCatalog('/dashboard/catalog', (url) => {
      if (url.pathname !== '/api/catalog/products') return undefined;
      if (fail) return Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });
      return Response.json({ products: [product('pr-r')], total: 1, page: 1, pageSize: 24 });
    });
    expect((await screen.findByTestId('catalog-error')).textContent).toContain(
      'Could not load the products.',
    );
    fail = false;
    fireEvent.click(screen.getByTestId('catalog-retry'));
    expect(await screen.findByTestId('catalog-card')).toBeTruthy();
  });
});

const variants = [
  variant('v-2', 'us m 10', { usM: '10', eu: '44', uk: '9', usW: '11.5', jpCm: '28' }),
  variant('v-1', 'us m 9', { usM: '9', eu: '42.5', uk: null, usW: '10.5', jpCm: '27' }, null),
];

function productRoutes(extra: Handler = () => undefined): Handler {
  return (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/catalog/products/pr-1' && (init?.method ?? 'GET') === 'GET')
      return Response.json({ product: product('pr-1'), variants });
    if (url.pathname === '/api/catalog/products/missing')
      return Response.json(
        { error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found' } },
        { status: 404 },
      );
    return undefined;
  };
}

describe('product page', { timeout: 40_000 }, () => {
  it('shows the fields and every size system by size, with - where missing; no superuser controls for a store', async () => {
    renderCatalog('/product-catalog/pr-1', productRoutes());
    expect((await screen.findByTestId('product-name')).textContent).toBe('Nike Dunk Low Retro White Black');
    expect(screen.getByTestId('product-sku').textContent).toBe('DD1391-100');
    expect(screen.getByTestId('product-brand').textContent).toBe('NIKE');
    expect(screen.getByTestId('product-gender').textContent).toBe('Men');
    expect(screen.getByTestId('product-marketplaceSlug').textContent).toBe(
      'nike-dunk-low-retro-white-black-2021',
    );
    const rows = screen.getAllByTestId('variant-row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['US M 9', '9', '10.5', '-', '42.5', '27', '-'],
      ['US M 10', '10', '11.5', '9', '44', '28', '€110.00'],
    ]);
    expect(screen.queryByTestId('product-admin')).toBeNull();
    expect(screen.queryByTestId('product-refresh')).toBeNull();
  });

  it('says Product not found with a way back to the catalogue', async () => {
    renderCatalog('/product/missing', productRoutes());
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the catalogue' }).getAttribute('href')).toBe(
      '/dashboard/catalog',
    );
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderApp('/product/pr-1');
    expect(await screen.findByRole('heading', { name: 'Sign in to see this product' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
  });

  it('lets a superuser refresh the variants: confirm, progress, counts, and the table shows the new sizes', async () => {
    let answer: (response: Response) => void = () => {};
    const refreshed = [...variants, variant('v-3', 'us m 11', { usM: '11', eu: '45' })];
    let done = false;
    const { calls } = renderCatalog(
      '/product/pr-1',
      productRoutes((url, init) => {
        if (url.pathname === '/api/catalog/products/pr-1/refresh-variants' && init?.method === 'POST')
          return new Promise<Response>((resolve) => {
            answer = (response) => {
              done = true;
              resolve(response);
            };
          });
        if (done && url.pathname === '/api/catalog/products/pr-1')
          return Response.json({ product: product('pr-1'), variants: refreshed });
        return undefined;
      }),
      superuser,
    );
    fireEvent.click(await screen.findByTestId('product-refresh'));
    const dialog = await screen.findByTestId('refresh-variants-dialog');
    expect(dialog.textContent).toContain(
      'Re-reads the sizes of Nike Dunk Low Retro White Black from the marketplace',
    );
    fireEvent.click(within(dialog).getByTestId('refresh-confirm'));
    expect((await within(dialog).findByTestId('refresh-progress')).textContent).toContain(
      'Reading the sizes from the marketplace',
    );
    expect(screen.getAllByTestId('variant-row')).toHaveLength(2);
    answer(
      Response.json({
        variants: refreshed,
        added: 1,
        updated: 2,
        removed: 0,
      }),
    );
    expect(await within(dialog).findByTestId('refresh-result')).toBeTruthy();
    expect(within(dialog).getByTestId('refresh-added').textContent).toBe('1');
    expect(within(dialog).getByTestId('refresh-updated').textContent).toBe('2');
    expect(within(dialog).getByTestId('refresh-removed').textContent).toBe('0');
    expect(calls.filter((c) => c.path.endsWith('/refresh-variants'))).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('refresh-close'));
    await waitFor(() => expect(screen.queryByTestId('refresh-variants-dialog')).toBeNull());
    expect(screen.getAllByTestId('variant-row').map((row) => row.firstElementChild?.textContent)).toEqual([
      'US M 9',
      'US M 10',
      'US M 11',
    ]);
  });

  it('shows the refresh error in the modal', async () => {
    renderCatalog(
      '/product/pr-1',
      productRoutes((url) =>
        url.pathname.endsWith('/refresh-variants')
          ? Response.json({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }, { status: 429 })
          : undefined,
      ),
      superuser,
    );
    fireEvent.click(await screen.findByTestId('product-refresh'));
    fireEvent.click(await screen.findByTestId('refresh-confirm'));
    expect((await screen.findByTestId('refresh-error')).textContent).toBe(
      'The marketplace is busy. Try again in a moment.',
    );
    expect(screen.getByTestId('refresh-confirm').textContent).toBe('Try again');
  });

  it('validates the edit form with the contract and maps the server field errors', async () => {
    const { calls } = renderCatalog(
      '/product/pr-1',
      productRoutes((url, init) =>
        url.pathname === '/api/catalog/products/pr-1' && init?.method === 'PATCH'
          ? Response.json(
              {
                error: { code: 'VALIDATION', message: 'Invalid', fields: { brand: ['Brand is not known'] } },
              },
              { status: 400 },
            )
          : undefined,
      ),
      superuser,
    );
    fireEvent.click(await screen.findByTestId('product-edit'));
    fireEvent.change(await screen.findByTestId('edit-name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByTestId('edit-retailPrice'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    expect(await screen.findByText('Enter a name (up to 200 characters).')).toBeTruthy();
    expect(screen.getByText('Enter a price like 149.99.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(screen.getByTestId('edit-name'), { target: { value: 'Dunk Low Panda' } });
    fireEvent.change(screen.getByTestId('edit-retailPrice'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    expect(await screen.findByText('Brand is not known')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Dunk Low Panda',
      retailPrice: 12000,
    });
  });

  it('deletes after confirmation and goes back to the catalogue', async () => {
    const { router } = renderCatalog(
      '/product/pr-1',
      productRoutes((url, init) => {
        if (url.pathname === '/api/catalog/products/pr-1' && init?.method === 'DELETE')
          return Response.json({ deleted: true });
        if (url.pathname === '/api/catalog/products')
          return Response.json({ products: [], total: 0, page: 1, pageSize: 24 });
        return undefined;
      }),
      superuser,
    );
    fireEvent.click(await screen.findByTestId('product-delete'));
    fireEvent.click(await screen.findByTestId('delete-product-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/catalog'));
  });
});

describe('size chart section', { timeout: 40_000 }, () => {
  it('refuses a store', async () => {
    renderCatalog('/dashboard/size-chart', () => undefined);
    expect((await screen.findByTestId('catalog-superuser-only')).textContent).toBe(
      'The size chart is available to superusers only.',
    );
    expect(screen.queryByTestId('size-chart-table')).toBeNull();
  });

  it('converts a size to every system with the brand’s own chart', async () => {
    renderCatalog('/dashboard/size-chart', () => undefined, superuser);
    expect((await screen.findByTestId('converter-result')).textContent).toContain('EU 42.5');
    const converted = () =>
      ['usM', 'usW', 'uk', 'eu', 'jpCm'].map((s) => screen.getByTestId(`converted-${s}`).textContent);
    expect(converted()).toEqual(['US M: US 9', 'US W: US W 10.5', 'UK: UK 8', 'EU: EU 42.5', 'JP cm: 27 cm']);
    fireEvent.change(screen.getByTestId('size-chart-brand'), { target: { value: 'adidas' } });
    expect(converted()).toEqual([
      'US M: US 9',
      'US W: US W 10',
      'UK: UK 8.5',
      'EU: EU 42 2/3',
      'JP cm: 27 cm',
    ]);
    fireEvent.change(screen.getByTestId('converter-system'), { target: { value: 'eu' } });
    fireEvent.change(screen.getByTestId('converter-value'), { target: { value: '44' } });
    expect(screen.getByTestId('converted-usM').textContent).toBe('US M: US 10');
    expect(screen.getAllByTestId('size-chart-row').length).toBeGreaterThan(10);
    expect(screen.getByTestId('size-chart-note').textContent).toContain('EU 42 2/3');
  });
});

describe('releases section', { timeout: 40_000 }, () => {
  const today = localDay(new Date());
  const releases = [
    product('r-1', { name: 'air max 1 og', releaseDate: today, sku: 'fd2370-100' }),
    product('r-2', { name: 'samba og', brand: 'adidas', releaseDate: addDays(today, 1), sku: 'b75806' }),
    product('r-3', { name: 'jordan 4 retro', releaseDate: addDays(today, 1), imageUrl: null }),
    product('r-4', {
      name: '990v6',
      brand: 'New Balance',
      releaseDate: addDays(today, 5),
      retailPrice: null,
    }),
  ];

  it('groups upcoming releases by day and adds one to the WTB list in a size', async () => {
    const { calls } = renderCatalog('/dashboard/releases', (url, init) => {
      if (url.pathname === '/api/catalog/releases') {
        if (url.searchParams.get('cursor') === 'next')
          return Response.json({
            products: [product('r-5', { name: 'later pair', releaseDate: addDays(today, 9) })],
            cursor: null,
          });
        return Response.json({ products: releases, cursor: 'next' });
      }
      if (url.pathname === '/api/catalog/products/r-2')
        return Response.json({
          product: releases[1],
          variants: [
            variant('rv-2', 'US M 10', { usM: '10', eu: '44 2/3' }),
            variant('rv-1', 'US M 9', { usM: '9', eu: '42 2/3' }),
            variant('rv-3', 'US M 11', { usM: '11' }),
          ],
        });
      if (url.pathname === '/api/items' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Partial<Item>;
        const item: Item = {
          id: 'it-1',
          userId: 'u-1',
          listType: 'wtb',
          status: 'available',
          visibility: 'public',
          urgent: false,
          isBulk: false,
          productCatalogId: body.productCatalogId ?? null,
          productVariantId: body.productVariantId ?? null,
          bookingId: null,
          sku: body.sku ?? '',
          name: body.name ?? '',
          brand: body.brand ?? '',
          colorway: body.colorway ?? '',
          imageUrl: body.imageUrl ?? null,
          sizes: body.sizes ?? [],
          targetPrice: body.targetPrice ?? null,
          desiredPrice: null,
          askingPrice: null,
          currency: 'EUR',
          source: null,
          purchasePrice: null,
          purchaseDate: null,
          notes: null,
          createdAt: '2026-02-02T10:00:00Z',
          updatedAt: '2026-02-02T10:00:00Z',
        };
        return Response.json({ item, created: true }, { status: 201 });
      }
      return undefined;
    });
    await screen.findAllByTestId('release-group');
    const headings = () => screen.getAllByTestId('release-heading').map((h) => h.textContent);
    const later = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(
      new Date(`${addDays(today, 5)}T12:00:00`),
    );
    expect(headings()).toEqual(['Today', 'Tomorrow', later]);
    const tomorrow = screen.getAllByTestId('release-group')[1];
    expect(within(tomorrow!).getAllByTestId('release-card')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('releases-load-more'));
    await waitFor(() => expect(headings()).toHaveLength(4));

    fireEvent.click(screen.getByRole('button', { name: 'Add to WTB: Samba OG' }));
    const dialog = await screen.findByTestId('add-wtb-dialog');
    const size = await within(dialog).findByTestId('add-wtb-size');
    expect([...size.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Choose a size',
      'EU 42 2/3',
      'EU 44 2/3',
      'US 11',
    ]);
    fireEvent.click(within(dialog).getByTestId('add-wtb-confirm'));
    expect(await within(dialog).findByText('Pick a size.')).toBeTruthy();
    fireEvent.change(size, { target: { value: 'rv-1' } });
    fireEvent.change(within(dialog).getByTestId('add-wtb-price'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByTestId('add-wtb-confirm'));
    expect(await screen.findByText('Samba OG (EU 42 2/3) added to your WTB list')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/items')?.body).toEqual({
      listType: 'wtb',
      productCatalogId: 'r-2',
      productVariantId: 'rv-1',
      sku: 'b75806',
      name: 'samba og',
      brand: 'adidas',
      colorway: 'White/Black',
      imageUrl: 'https://img.example.com/r-2.png',
      sizes: ['EU 42 2/3'],
      targetPrice: 15000,
      currency: 'EUR',
    });
    expect(screen.getByRole('button', { name: 'View WTB list' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('add-wtb-dialog')).toBeNull());
  });
});
