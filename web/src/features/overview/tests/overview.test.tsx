import { describe, expect, it, vi } from 'vitest';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../../../test/setup';
import { createApiClient, type Overview, type UserProfile } from '@sneakers/shared';
import { createQueryClient } from '../../../app/query-client';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { RuntimeProvider } from '../../../lib/api';
import { renderApp, testConfig, type Route } from '../../../test/render-app';
import { useOverview } from '../api/queries';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
};

function overview(over: Partial<Overview> = {}): Overview {
  return {
    period: '30d',
    from: '2026-02-04',
    to: '2026-03-05',
    currency: 'EUR',
    currencies: ['EUR', 'USD'],
    totals: {
      revenue: 45000,
      cost: 27000,
      fees: 3000,
      profit: 15000,
      marginPercent: 33.3,
      units: 3,
      sales: 3,
    },
    stock: { value: 120000, units: 14 },
    depositsHeld: 5000,
    owedToProviders: 8000,
    bucket: 'day',
    series: Array.from({ length: 30 }, (_, i) => ({
      date: `2026-02-${String(4 + i).padStart(2, '0')}`,
      revenue: i === 10 ? 30000 : i === 20 ? 15000 : 0,
      profit: i === 10 ? 10000 : i === 20 ? 5000 : 0,
      units: i === 10 ? 2 : i === 20 ? 1 : 0,
    })),
    byBrand: [
      { brand: 'Nike', revenue: 30000, units: 2 },
      { brand: 'Adidas', revenue: 15000, units: 1 },
    ],
    topSellers: [{ sku: 'DD1391-100', name: 'Nike Dunk Low Panda', revenue: 30000, units: 2 }],
    deadStock: [
      {
        itemId: 'it-7',
        sku: 'OLD-1',
        name: 'Old Runner',
        imageUrl: null,
        sizes: ['42'],
        purchasePrice: 5000,
        currency: 'EUR',
        daysInStock: 120,
      },
    ],
    deadStockMore: false,
    ...over,
  };
}

function api(answer: (query: URLSearchParams) => Response): { route: Route; queries: URLSearchParams[] } {
  const queries: URLSearchParams[] = [];
  const route: Route = (url) => {
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/overview') {
      queries.push(url.searchParams);
      return answer(url.searchParams);
    }
    return undefined;
  };
  return { route, queries };
}

describe('store overview', { timeout: 40_000 }, () => {
  it('shows the key figures, each linking to its section, the chart and its table, and switches period and currency', async () => {
    const { route, queries } = api((query) =>
      Response.json({
        overview: overview({
          period: (query.get('period') as Overview['period'] | null) ?? '30d',
          currency: query.get('currency') === 'USD' ? 'USD' : 'EUR',
        }),
      }),
    );
    renderApp('/dashboard', route, signedIn);
    expect(await screen.findByRole('heading', { name: 'Welcome, Kicks Madrid' })).toBeTruthy();
    const revenue = await screen.findByTestId('overview-kpi-revenue', {}, { timeout: 15_000 });
    expect(within(revenue).getByTestId('overview-kpi-revenue-value').textContent).toBe('€450.00');
    expect(within(revenue).getByRole('link').getAttribute('href')).toBe('/dashboard/sales');
    expect(screen.getByTestId('overview-kpi-profit-value').textContent).toBe('€150.00');
    expect(screen.getByTestId('overview-kpi-margin-value').textContent).toBe('33.3 %');
    expect(screen.getByTestId('overview-kpi-units-value').textContent).toBe('3');
    expect(screen.getByTestId('overview-kpi-stock-value').textContent).toBe('€1,200.00');
    expect(within(screen.getByTestId('overview-kpi-stock')).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/inventory',
    );
    expect(screen.getByTestId('overview-kpi-deposits-value').textContent).toBe('€50.00');
    expect(within(screen.getByTestId('overview-kpi-deposits')).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/bookings',
    );
    expect(screen.getByTestId('overview-kpi-owed-value').textContent).toBe('€80.00');
    expect(within(screen.getByTestId('overview-kpi-owed')).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/payments',
    );

    const chart = screen.getByRole('img', { name: 'Sales over time' });
    expect(within(chart).getAllByTestId('overview-chart-bar')).toHaveLength(30);
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(chart.textContent).toContain('Best: Feb 14, €300.00');
    expect(within(screen.getByTestId('overview-chart-table')).getAllByRole('row')).toHaveLength(31);

    // Profit and margin over the same days, beside the revenue (a loss goes below the line).
    const profit = screen.getByRole('img', { name: 'Profit and margin over time' });
    const bars = within(profit).getAllByTestId('overview-profit-bar');
    expect(bars).toHaveLength(30);
    expect(bars[10]!.getAttribute('data-profit')).toBe('10000');
    expect(profit.textContent).toContain(
      'Profit over 30 periods: €150.00, margin 33.3 %. Best: Feb 14, €100.00.',
    );
    // Only the two days with revenue have a margin: two dots, the line broken between them.
    expect(within(profit).getAllByTestId('overview-margin-line')).toHaveLength(2);
    const rows = within(screen.getByTestId('overview-profit-table')).getAllByTestId('overview-profit-row');
    expect(rows).toHaveLength(30);
    expect(rows[10]!.textContent).toBe('Feb 14€100.0033.3 %');
    expect(rows[20]!.textContent).toBe('Feb 24€50.0033.3 %');
    expect(rows[0]!.textContent).toBe('Feb 4€0.00—');
    expect(screen.getByTestId('overview-by-brand').textContent).toContain('Adidas');
    expect(screen.getByTestId('overview-top-sellers').textContent).toContain('Nike Dunk Low Panda');
    const dead = screen.getByTestId('overview-dead-item');
    expect(dead.textContent).toContain('120 days');
    expect(within(dead).getByRole('link').getAttribute('href')).toBe('/dashboard/inventory-item/it-7');

    expect(queries[0]!.get('period')).toBe('30d');
    fireEvent.click(screen.getByTestId('overview-period-7d'));
    await waitFor(() => expect(queries.at(-1)!.get('period')).toBe('7d'));
    expect(screen.getByTestId('overview-period-7d').getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByTestId('overview-currency'), { target: { value: 'USD' } });
    await waitFor(() => expect(queries.at(-1)!.get('currency')).toBe('USD'));
    await waitFor(() => expect(screen.getByTestId('overview-kpi-revenue-value').textContent).toBe('$450.00'));
  });

  it('invites a new store to record its first sale', async () => {
    const { route } = api(() =>
      Response.json({
        overview: overview({
          currencies: [],
          totals: { revenue: 0, cost: 0, fees: 0, profit: 0, marginPercent: null, units: 0, sales: 0 },
          stock: { value: 0, units: 0 },
          byBrand: [],
          topSellers: [],
          deadStock: [],
        }),
      }),
    );
    renderApp('/dashboard', route, signedIn);
    const empty = await screen.findByTestId('overview-empty', {}, { timeout: 15_000 });
    expect(within(empty).getByTestId('overview-empty-cta').getAttribute('href')).toBe('/dashboard/inventory');
    expect(screen.queryByTestId('overview-currency')).toBeNull();
  });

  it('offers a retry when the overview fails to load', async () => {
    let fail = true;
    const { route } = api(() =>
      fail
        ? Response.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 })
        : Response.json({ overview: overview({ currencies: ['EUR'] }) }),
    );
    renderApp('/dashboard', route, signedIn);
    const error = await screen.findByTestId('overview-error', {}, { timeout: 15_000 });
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('overview-kpi-revenue')).toBeTruthy();
    expect(screen.queryByTestId('overview-currency')).toBeNull();
  });

  it('asks for fresh figures each time it opens, however fresh the cache (payments, fulfilments change them)', async () => {
    let revenue = 45000;
    const fetchMock = vi.fn(async () =>
      Response.json({ overview: overview({ totals: { ...overview().totals, revenue } }) }),
    );
    const api = createApiClient({
      baseUrl: testConfig.apiBaseUrl,
      fetch: fetchMock,
      getToken: () => 'token',
    });
    // The app's own client: data stays fresh for minutes, so only the overview's option refetches.
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RuntimeProvider runtime={{ config: testConfig, api }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </RuntimeProvider>
    );
    const first = renderHook(() => useOverview('30d', undefined), { wrapper });
    await waitFor(() => expect(first.result.current.data?.totals.revenue).toBe(45000));
    first.unmount();
    revenue = 52000;
    const again = renderHook(() => useOverview('30d', undefined), { wrapper });
    await waitFor(() => expect(again.result.current.data?.totals.revenue).toBe(52000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
