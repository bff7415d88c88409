import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { UserProfile, VirtualProduct } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';
import { addTypedSizes, toggleSize, validateDraft, emptyDraft } from '../model/virtual-product-form';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};
const product = (changes: Partial<VirtualProduct> = {}): VirtualProduct => ({
  id: 'vp-1',
  productCatalogId: null,
  productVariantId: null,
  sku: 'dd1391-100',
  name: 'Dunk Low Panda',
  brand: 'Nike',
  colorway: 'White/Black',
  imageUrl: null,
  price: 15000,
  costPrice: 11000,
  currency: 'EUR',
  sizes: ['41', '42', '43'],
  active: true,
  notes: null,
  soldCount: 3,
  createdAt: '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  ...changes,
});

type Call = { method: string; path: string; body: unknown; headers: Headers };

function api(calls: Call[], extra: Route = () => undefined): Route {
  return (url, init) => {
    const text = init?.body ? String(init.body) : '';
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(init?.headers),
    });
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile });
    return undefined;
  };
}

describe('virtual product sizes', () => {
  it('toggles sizes case-insensitively and keeps them sorted; typed ones are added once', () => {
    expect(toggleSize(['42', '40'], '41')).toEqual(['40', '41', '42']);
    expect(toggleSize(['40', 'XL'], ' xl ')).toEqual(['40']);
    expect(addTypedSizes(['42'], '40, 42 ,, 41.5')).toEqual(['40', '41.5', '42']);
  });

  it('requires a product, a size and a price before the API is asked', () => {
    expect(validateDraft(emptyDraft('EUR'))).toEqual({
      sku: 'virtualProducts.form.errors.sku',
      name: 'virtualProducts.form.errors.name',
      sizes: 'virtualProducts.form.errors.sizes',
      price: 'virtualProducts.form.errors.amount',
    });
  });
});

describe('virtual products section', () => {
  it('offers to add one when there is none', async () => {
    renderApp(
      '/dashboard/virtual-products',
      api([], (url) =>
        url.pathname === '/api/virtual-products'
          ? Response.json({ virtualProducts: [], cursor: null })
          : undefined,
      ),
      signedIn,
    );
    const empty = await screen.findByTestId('virtual-products-empty', {}, { timeout: 20_000 });
    expect(within(empty).getByRole('link', { name: 'Add virtual product' }).getAttribute('href')).toBe(
      '/add-virtual-product',
    );
  }, 20_000);

  it('lists price, sizes and sold count, and deactivates one from its switch', async () => {
    const calls: Call[] = [];
    let current = product();
    renderApp(
      '/dashboard/virtual-products',
      api(calls, (url, init) => {
        if (url.pathname === '/api/virtual-products/vp-1' && init?.method === 'PATCH') {
          current = { ...current, ...(JSON.parse(String(init.body)) as Partial<VirtualProduct>) };
          return Response.json({ virtualProduct: current });
        }
        if (url.pathname === '/api/virtual-products')
          return Response.json({ virtualProducts: [current], cursor: null });
        return undefined;
      }),
      signedIn,
    );
    const row = await screen.findByTestId('vp-row', {}, { timeout: 20_000 });
    expect(within(row).getByTestId('vp-price').textContent).toBe('€150.00');
    expect(within(row).getByTestId('vp-sold').textContent).toBe('3 sold');
    expect(within(row).getByTestId('vp-sizes').textContent).toContain('42');
    fireEvent.click(within(row).getByTestId('vp-active-toggle'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false }));
    await waitFor(() => expect(screen.getByTestId('vp-row').getAttribute('data-active')).toBe('false'));
  }, 20_000);

  it('creates one typed by hand with an Idempotency-Key and opens it', async () => {
    const calls: Call[] = [];
    const { router } = renderApp(
      '/add-virtual-product',
      api(calls, (url, init) => {
        if (url.pathname === '/api/virtual-products' && init?.method === 'POST')
          return Response.json({ virtualProduct: product({ id: 'vp-7' }) }, { status: 201 });
        if (url.pathname === '/api/virtual-products/vp-7')
          return Response.json({ virtualProduct: product({ id: 'vp-7' }) });
        return undefined;
      }),
      signedIn,
    );
    const form = await screen.findByTestId('vp-form', {}, { timeout: 20_000 });
    fireEvent.click(within(form).getByTestId('vp-form-submit'));
    expect(await within(form).findByText('Pick at least one size')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByTestId('vp-form-sku'), { target: { value: 'DD1391-100' } });
    fireEvent.change(within(form).getByTestId('vp-form-name'), { target: { value: 'Dunk Low' } });
    fireEvent.change(within(form).getByTestId('vp-form-typed-sizes'), { target: { value: '42, 41' } });
    fireEvent.click(within(form).getByTestId('vp-form-add-sizes'));
    expect(
      within(form)
        .getAllByTestId('vp-form-size')
        .map((c) => (c as HTMLInputElement).value),
    ).toEqual(['41', '42']);
    fireEvent.change(within(form).getByTestId('vp-form-price'), { target: { value: '150' } });
    fireEvent.change(within(form).getByTestId('vp-form-costPrice'), { target: { value: '110.5' } });
    fireEvent.click(within(form).getByTestId('vp-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/virtual-product/vp-7'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(posts[0]!.body).toEqual({
      productCatalogId: null,
      productVariantId: null,
      sku: 'DD1391-100',
      name: 'Dunk Low',
      brand: '',
      colorway: '',
      imageUrl: null,
      sizes: ['41', '42'],
      price: 15000,
      costPrice: 11050,
      currency: 'EUR',
      notes: null,
      active: true,
    });
  }, 30_000);

  it('explains why one with sales cannot be deleted and deactivates it instead', async () => {
    const calls: Call[] = [];
    let current = product();
    renderApp(
      '/dashboard/virtual-product/vp-1',
      api(calls, (url, init) => {
        if (url.pathname !== '/api/virtual-products/vp-1') return undefined;
        if (init?.method === 'DELETE')
          return Response.json(
            { error: { code: 'VIRTUAL_PRODUCT_HAS_SALES', message: 'It has sales.' } },
            { status: 409 },
          );
        if (init?.method === 'PATCH') {
          current = { ...current, ...(JSON.parse(String(init.body)) as Partial<VirtualProduct>) };
          return Response.json({ virtualProduct: current });
        }
        return Response.json({ virtualProduct: current });
      }),
      signedIn,
    );
    const detail = await screen.findByTestId('vp-detail', {}, { timeout: 20_000 });
    expect(within(detail).getByTestId('vp-detail-price').textContent).toBe('€150.00');
    fireEvent.click(within(detail).getByTestId('vp-delete'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(await screen.findByTestId('vp-delete-dialog')).getByTestId('vp-delete-confirm'));
    const explain = await screen.findByTestId('vp-has-sales-dialog');
    expect(explain.textContent).toContain('cannot be deleted');
    fireEvent.click(within(explain).getByTestId('vp-has-sales-deactivate'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false }));
    expect(await screen.findByTestId('vp-sell-inactive')).toBeTruthy();
    expect((screen.getByTestId('vp-sell') as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);

  it('sells it through the sales dialog, with its sizes', async () => {
    renderApp(
      '/dashboard/virtual-product/vp-1',
      api([], (url) => {
        if (url.pathname === '/api/virtual-products/vp-1')
          return Response.json({ virtualProduct: product() });
        if (url.pathname === '/api/clients') return Response.json({ clients: [], cursor: null });
        return undefined;
      }),
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('vp-sell', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('sell-dialog', {}, { timeout: 20_000 });
    expect(dialog.textContent).toContain('Dunk Low Panda');
  }, 20_000);
});
