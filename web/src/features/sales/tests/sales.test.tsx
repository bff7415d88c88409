import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { renderApp, type Route } from '../../../test/render-app';
import { signedIn, testProfile, testSale } from './test-support';

const profit = testSale({ id: 's-1' });
const loss = testSale({
  id: 's-2',
  name: 'Jordan 1 Chicago',
  salePrice: 10000,
  purchasePrice: 11000,
  fees: 500,
  profit: -1500,
  clientId: null,
  buyerName: 'Walk-in buyer',
  paymentMethod: null,
  confirmationQueuedAt: null,
});

function api(extra: Route): Route {
  return (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile: testProfile });
    return undefined;
  };
}

describe('sales section', { timeout: 40_000 }, () => {
  it('lists the period’s sales with their totals, a loss in red, and refilters by period', async () => {
    const queries: URLSearchParams[] = [];
    renderApp(
      '/dashboard/sales',
      api((url) => {
        if (url.pathname !== '/api/sales') return undefined;
        queries.push(url.searchParams);
        return Response.json({
          sales: url.searchParams.get('from') ? [profit] : [profit, loss],
          cursor: null,
        });
      }),
      signedIn,
    );
    const rows = await screen.findAllByTestId('sale-row', {}, { timeout: 15_000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('sale-price').textContent).toBe('€150.00');
    expect(within(rows[0]!).getByTestId('sale-profit').textContent).toBe('€50.00');
    expect(within(rows[1]!).getByTestId('sale-profit').textContent).toBe('−€15.00');
    expect(within(rows[1]!).getByTestId('sale-profit').className).toContain('text-red-600');
    expect(within(rows[0]!).getByTestId('sale-link').getAttribute('href')).toBe('/dashboard/sale/s-1');
    const totals = screen.getByTestId('sales-totals-EUR');
    expect(within(totals).getByTestId('sales-total-revenue').textContent).toBe('€250.00');
    expect(within(totals).getByTestId('sales-total-profit').textContent).toBe('€35.00');
    expect(within(totals).getByTestId('sales-total-units').textContent).toBe('2');

    // Every sale by default; a period asks for its dates, ending today (UTC).
    expect(queries[0]!.get('from')).toBeNull();
    fireEvent.change(screen.getByTestId('sales-period'), { target: { value: '30d' } });
    await waitFor(() => expect(screen.getAllByTestId('sale-row')).toHaveLength(1));
    const last = queries.at(-1)!;
    const today = new Date().toISOString().slice(0, 10);
    expect(last.get('to')).toBe(today);
    expect(Date.parse(today) - Date.parse(last.get('from')!)).toBe(29 * 86_400_000);
  });

  it('says when there are no sales and offers Sell a pair; a failed load offers a retry', async () => {
    let fail = true;
    renderApp(
      '/dashboard/sales',
      api((url) => {
        if (url.pathname === '/api/items') return Response.json({ items: [], cursor: null });
        if (url.pathname !== '/api/sales') return undefined;
        if (fail) return Response.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 });
        return Response.json({ sales: [], cursor: null });
      }),
      signedIn,
    );
    const error = await screen.findByTestId('sales-error');
    expect(error.textContent).toContain('Your sales could not be loaded.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    const empty = await screen.findByTestId('sales-empty');
    expect(empty.textContent).toContain('No sales recorded yet.');
    fireEvent.click(within(empty).getByRole('button', { name: 'Sell a pair' }));
    expect((await screen.findByTestId('sales-pair-picker-empty')).textContent).toBe(
      'No unsold pairs in your inventory. Add a pair to your inventory first.',
    );
  });

  it('picks an unsold inventory pair by search and opens the Sell dialog for it', async () => {
    const pair = (id: string, name: string, status: 'available' | 'pending' | 'sold') => ({
      ...testSale({ id }),
      id,
      userId: 'u-1',
      listType: 'inventory',
      status,
      visibility: 'private',
      urgent: false,
      isBulk: false,
      productVariantId: null,
      bookingId: null,
      name,
      sizes: ['42', '43'],
      targetPrice: null,
      desiredPrice: null,
      askingPrice: 15000,
      source: null,
      purchaseDate: null,
    });
    const items = [
      pair('it-1', 'Samba OG', 'pending'),
      pair('it-2', 'Gazelle Indoor', 'available'),
      pair('it-3', 'Samba Classic', 'sold'),
    ];
    renderApp(
      '/dashboard/sales',
      api((url) => {
        if (url.pathname === '/api/items') return Response.json({ items, cursor: null });
        if (url.pathname === '/api/sales') return Response.json({ sales: [], cursor: null });
        if (url.pathname === '/api/clients') return Response.json({ clients: [], cursor: null });
        return undefined;
      }),
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('sales-sell-pair'));
    const picker = await screen.findByTestId('sales-pair-picker');
    // Every unsold pair (one saved pending by an older item form too), never a sold one.
    await waitFor(() => expect(within(picker).getAllByTestId('sales-pair-picker-row')).toHaveLength(2));
    fireEvent.change(within(picker).getByTestId('sales-pair-picker-search'), { target: { value: 'samba' } });
    const rows = within(picker).getAllByTestId('sales-pair-picker-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Samba OG')]);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Sell Samba OG' }));
    const dialog = await screen.findByTestId('sell-dialog', {}, { timeout: 20_000 });
    expect(dialog.textContent).toContain('Selling Samba OG.');
    expect((within(dialog).getByTestId('sell-salePrice') as HTMLInputElement).value).toBe('150.00');
  });

  it('downloads the period’s CSV under the server’s name and shows the DAC7 summary', async () => {
    const created: Blob[] = [];
    // jsdom has no object URLs: the download's blob is caught here instead.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:sales';
    };
    URL.revokeObjectURL = () => {};
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      click.mockRestore();
    });
    const exports: URLSearchParams[] = [];
    renderApp(
      '/dashboard/sales',
      api((url) => {
        if (url.pathname === '/api/sales') return Response.json({ sales: [], cursor: null });
        if (url.pathname === '/api/reports/sales') {
          exports.push(url.searchParams);
          return Response.json({ filename: 'sales-2026-01-01-2026-03-31.csv', csv: 'date,item\n', rows: 3 });
        }
        if (url.pathname === '/api/reports/dac7')
          return Response.json({
            year: Number(url.searchParams.get('year')),
            thresholds: { sales: 30, amountEurCents: 200000 },
            counterparties: [
              {
                key: 'client:c-1',
                name: 'Lucía Fernández',
                clientId: 'c-1',
                currency: 'EUR',
                quarters: [1, 2, 3, 4].map((quarter) => ({
                  quarter,
                  amount: quarter === 1 ? 250000 : 0,
                  sales: quarter === 1 ? 31 : 0,
                  fees: 0,
                })),
                totalAmount: 250000,
                totalSales: 31,
                totalFees: 0,
                reportable: true,
              },
              {
                key: 'name:walk-in buyer',
                name: 'Walk-in buyer',
                clientId: null,
                currency: 'EUR',
                quarters: [1, 2, 3, 4].map((quarter) => ({ quarter, amount: 100, sales: 1, fees: 0 })),
                totalAmount: 400,
                totalSales: 4,
                totalFees: 0,
                reportable: false,
              },
            ],
          });
        return undefined;
      }),
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('sales-tab-reports'));
    fireEvent.change(screen.getByTestId('sales-export-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('sales-export-to'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByTestId('sales-export-submit'));
    expect(await screen.findByText('3 sales exported')).toBeTruthy();
    expect(exports[0]!.get('from')).toBe('2026-01-01');
    expect(exports[0]!.get('to')).toBe('2026-03-31');
    expect(downloads).toEqual(['sales-2026-01-01-2026-03-31.csv']);
    expect(await created[0]!.text()).toBe('date,item\n');

    const rows = await screen.findAllByTestId('dac7-row');
    expect(rows.map((r) => r.getAttribute('data-reportable'))).toEqual(['true', 'false']);
    expect(within(rows[0]!).getByTestId('dac7-reportable').textContent).toBe('Reportable');
    expect(within(rows[1]!).queryByTestId('dac7-reportable')).toBeNull();
    expect(rows[0]!.textContent).toContain('€2,500.00');
  });
});

describe('sale detail', { timeout: 40_000 }, () => {
  it('shows every field, the profit breakdown and the email, and edits shipping', async () => {
    const patches: unknown[] = [];
    let current = profit;
    renderApp(
      '/dashboard/sale/s-1',
      api((url, init) => {
        if (url.pathname !== '/api/sales/s-1') return undefined;
        if (init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          patches.push(body);
          current = { ...current, ...body };
        }
        return Response.json({ sale: current });
      }),
      signedIn,
    );
    const detail = await screen.findByTestId('sale-detail');
    expect(within(detail).getByTestId('sale-name').textContent).toBe('Nike Dunk Low Panda');
    const breakdown = within(detail).getByTestId('sale-breakdown');
    expect(breakdown.textContent).toContain('€150.00');
    expect(breakdown.textContent).toContain('−€90.00');
    expect(breakdown.textContent).toContain('−€10.00');
    expect(within(detail).getByTestId('sale-detail-profit').textContent).toBe('€50.00');
    expect(within(detail).getByTestId('sale-email-status').textContent).toContain('Sent');
    expect(within(detail).getByRole('link', { name: 'Lucía Fernández' }).getAttribute('href')).toBe(
      '/dashboard/clients/c-1',
    );

    fireEvent.click(within(detail).getByTestId('sale-edit'));
    fireEvent.change(screen.getByTestId('sale-form-shippingCarrier'), { target: { value: 'SEUR' } });
    fireEvent.change(screen.getByTestId('sale-form-trackingNumber'), { target: { value: ' AB123 ' } });
    fireEvent.click(screen.getByTestId('sale-form-submit'));
    expect(await screen.findByText('Sale updated')).toBeTruthy();
    expect(patches).toEqual([{ shippingCarrier: 'SEUR', trackingNumber: 'AB123', notes: null }]);
    expect((await screen.findByTestId('sale-carrier')).textContent).toBe('SEUR');
  });

  it('says so when the sale does not exist', async () => {
    renderApp(
      '/dashboard/sale/nope',
      api(() => undefined),
      signedIn,
    );
    expect((await screen.findByTestId('sale-error')).textContent).toContain(
      'This sale does not exist or is not yours.',
    );
  });
});
