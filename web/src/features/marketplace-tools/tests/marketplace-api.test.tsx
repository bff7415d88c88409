import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { toast } from 'sonner';
import { MARKETPLACE_FEATURE } from '@sneakers/shared';
import { marketDataCall, parseLimit, productCall, searchCall } from '../model/marketplace-call';
import { callsTo, openFlag, refusal, renderTool, testProfile } from './test-support';

const store = testProfile({ userId: 'u-1', isSuperuser: false });
const withFeature = [openFlag(MARKETPLACE_FEATURE)];
const PATH = '/api/catalog/marketplace';

// Sonner keeps its toasts in module state: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

const marketplace =
  (answer: (body: unknown) => Response) =>
  (url: URL, init: RequestInit | undefined): Response | undefined =>
    url.pathname === PATH ? answer(JSON.parse(String(init?.body))) : undefined;

describe('marketplace API test page: access', () => {
  it("says 'Access Denied' to a visitor", { timeout: 20_000 }, async () => {
    // The first test of the file loads the app's lazy chunks cold: slow on a busy machine.
    renderTool('/stockx-api-testing', () => undefined, null);
    const denied = await screen.findByTestId('tools-access-denied');
    expect(within(denied).getByRole('heading').textContent).toBe('Access Denied');
    expect(denied.textContent).toContain('You must be logged in');
  });

  it("says 'Feature Not Available' without stockx_api_integration", async () => {
    renderTool('/stockx-api-testing', () => undefined, store, []);
    const panel = await screen.findByTestId('marketplace-feature-unavailable');
    expect(panel.textContent).toContain('Feature Not Available');
    expect(panel.textContent).toContain('Upgrade your plan');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("shows 'Feature Not Available' when the server refuses the feature", async () => {
    renderTool(
      '/stockx-api-testing',
      marketplace(() => refusal(403, 'FEATURE_NOT_AVAILABLE', 'Feature not available')),
      store,
      withFeature,
    );
    fireEvent.change(await screen.findByTestId('api-search-query'), { target: { value: 'jordan' } });
    fireEvent.click(screen.getByTestId('api-search-submit'));
    expect(await screen.findByTestId('marketplace-feature-unavailable')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('marketplace API test page: calls', () => {
  it('searches with the default limit 20 and shows the raw answer with a Success badge', async () => {
    const { fetchMock } = renderTool(
      '/stockx-api-testing',
      marketplace(() =>
        Response.json({ success: true, data: { count: 1, products: [{ title: 'Dunk Low' }] } }),
      ),
      store,
      withFeature,
    );
    expect((await screen.findByTestId('api-search-limit')).getAttribute('value')).toBe('20');
    fireEvent.change(screen.getByTestId('api-search-query'), { target: { value: '  dunk low ' } });
    fireEvent.click(screen.getByTestId('api-search-submit'));
    expect((await screen.findByTestId('api-result-badge')).textContent).toBe('Success');
    expect(screen.getByTestId('api-response').textContent).toContain('"title": "Dunk Low"');
    expect(await screen.findByText('API Call Successful')).toBeTruthy();
    expect(callsTo(fetchMock, PATH).map((c) => c.body)).toEqual([
      { action: 'search_catalog', query: 'dunk low', limit: 20 },
    ]);
  });

  it('refuses a search without a query and a limit outside 1-50, calling nothing', async () => {
    const { fetchMock } = renderTool('/stockx-api-testing', () => undefined, store, withFeature);
    fireEvent.change(await screen.findByTestId('api-search-limit'), { target: { value: '51' } });
    fireEvent.click(screen.getByTestId('api-search-submit'));
    expect(await screen.findByText('Search needs a query')).toBeTruthy();
    expect(screen.getByText('The limit must be a whole number between 1 and 50')).toBeTruthy();
    fireEvent.change(screen.getByTestId('api-search-query'), { target: { value: 'yeezy' } });
    fireEvent.change(screen.getByTestId('api-search-limit'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('api-search-submit'));
    await waitFor(() => expect(screen.queryByText('Search needs a query')).toBeNull());
    expect(screen.getByText('The limit must be a whole number between 1 and 50')).toBeTruthy();
    expect(callsTo(fetchMock, PATH)).toEqual([]);
  });

  it("shows an upstream failure with an Error badge and 'API Call Failed' with its text", async () => {
    renderTool(
      '/stockx-api-testing',
      marketplace(() => Response.json({ success: false, error: 'Rate limited by the marketplace' })),
      store,
      withFeature,
    );
    fireEvent.click(await screen.findByTestId('api-tab-products'));
    fireEvent.change(screen.getByTestId('api-product-id'), { target: { value: 'p-1' } });
    fireEvent.click(screen.getByTestId('api-get-variants'));
    expect((await screen.findByTestId('api-result-badge')).textContent).toBe('Error');
    expect(await screen.findByText('API Call Failed')).toBeTruthy();
    expect(screen.getAllByText('Rate limited by the marketplace').length).toBeGreaterThan(0);
  });

  it("falls back to 'Unknown error occurred' when a failure has no text", async () => {
    renderTool(
      '/stockx-api-testing',
      marketplace(() => Response.json({ success: false })),
      store,
      withFeature,
    );
    fireEvent.click(await screen.findByTestId('api-tab-products'));
    fireEvent.change(screen.getByTestId('api-product-id'), { target: { value: 'p-1' } });
    fireEvent.click(screen.getByTestId('api-get-product'));
    expect(await screen.findByText('Unknown error occurred')).toBeTruthy();
    expect(screen.getByText('API Call Failed')).toBeTruthy();
  });

  it('shows a server error (404 from the marketplace) as the raw answer with an Error badge', async () => {
    renderTool(
      '/stockx-api-testing',
      marketplace(() => refusal(404, 'MARKETPLACE_NOT_FOUND', 'Product not found')),
      store,
      withFeature,
    );
    fireEvent.click(await screen.findByTestId('api-tab-marketData'));
    fireEvent.change(screen.getByTestId('api-market-product-id'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('api-market-submit'));
    expect((await screen.findByTestId('api-result-badge')).textContent).toBe('Error');
    expect(screen.getByTestId('api-response').textContent).toContain('MARKETPLACE_NOT_FOUND');
    expect(await screen.findByText('API Call Failed')).toBeTruthy();
  });

  it('asks for a variant id before getting one variant, then sends both ids', async () => {
    const { fetchMock } = renderTool(
      '/stockx-api-testing',
      marketplace(() => Response.json({ success: true, data: { variantId: 'v-9' } })),
      store,
      withFeature,
    );
    fireEvent.click(await screen.findByTestId('api-tab-products'));
    fireEvent.change(screen.getByTestId('api-product-id'), { target: { value: 'p-1' } });
    fireEvent.click(screen.getByTestId('api-get-variant'));
    expect(await screen.findByText('Enter a variant ID')).toBeTruthy();
    expect(screen.queryByText('Enter a product ID')).toBeNull();
    fireEvent.change(screen.getByTestId('api-variant-id'), { target: { value: 'v-9' } });
    fireEvent.click(screen.getByTestId('api-get-variant'));
    await screen.findByTestId('api-result-badge');
    expect(callsTo(fetchMock, PATH).map((c) => c.body)).toEqual([
      { action: 'get_product_variant', productId: 'p-1', variantId: 'v-9' },
    ]);
  });
});

describe('marketplace call validation', () => {
  it('takes limits 1 to 50, empty meaning 20', () => {
    expect(parseLimit('')).toBe(20);
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit('50')).toBe(50);
    for (const bad of ['0', '51', '2.5', '-3', 'ten']) expect(parseLimit(bad), bad).toBeUndefined();
    expect(searchCall(' ', '20')).toEqual({ ok: false, errors: { query: 'query' } });
  });

  it('needs the product id, and the variant id for one variant', () => {
    expect(productCall('get_product', '', '')).toEqual({ ok: false, errors: { productId: 'productId' } });
    expect(productCall('get_product_variants', 'p', '')).toEqual({
      ok: true,
      body: { action: 'get_product_variants', productId: 'p' },
    });
    expect(marketDataCall('p', ' v ')).toEqual({
      ok: true,
      body: { action: 'get_market_data_variant', productId: 'p', variantId: 'v' },
    });
    expect(marketDataCall('p', '')).toEqual({
      ok: true,
      body: { action: 'get_market_data_product', productId: 'p' },
    });
  });
});
