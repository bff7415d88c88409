import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../test/setup';
import type { Shipment } from '@sneakers/shared';
import { AppToaster } from '../../../app/toaster';
import { createRuntime, RuntimeProvider } from '../../../lib/api';
import { ThemeProvider } from '../../../lib/theme';
import { testConfig, type Route } from '../../../test/render-app';
import { ShipmentsPanel } from '../index';

const base: Shipment = {
  id: 'sh-1',
  courier: 'dhl',
  trackingNumber: '1234567890',
  shippedDate: '2026-03-01',
  deliveredDate: null,
  notes: null,
  status: 'shipped',
  trackingUrl: 'https://www.dhl.com/track?n=1234567890',
  link: { kind: 'sale', id: 'sale-1' },
  linkLabel: 'Jordan 1 · 42',
  createdAt: '2026-03-01T00:00:00Z',
  updatedAt: '2026-03-01T00:00:00Z',
};
const loose: Shipment = { ...base, id: 'sh-2', trackingNumber: 'LOOSE-2', link: null, linkLabel: null };

/** The panel alone, as a record's detail page embeds it (lazy, inside Suspense). */
function renderPanel(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await route(new URL(String(input)), init);
    return answer ?? Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Suspense fallback={<p>loading</p>}>
            <ShipmentsPanel link={{ kind: 'sale', id: 'sale-1' }} />
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/dashboard/sale/sale-1'] },
  );
  render(
    <ThemeProvider>
      <RuntimeProvider runtime={createRuntime(testConfig, () => 'token', fetchMock)}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
          <AppToaster />
        </QueryClientProvider>
      </RuntimeProvider>
    </ThemeProvider>,
  );
}

describe('ShipmentsPanel', () => {
  it("lists the record's shipments, adds one linked to it and associates an existing one", async () => {
    const created: Array<{ body: unknown; key: string | null }> = [];
    const associated: unknown[] = [];
    let linked: Shipment[] = [base];
    renderPanel((url, init) => {
      if (url.pathname === '/api/shipments' && init?.method === 'POST') {
        created.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        const shipment = { ...base, id: 'sh-3', trackingNumber: 'NEW-3', status: 'created' as const };
        linked = [shipment, ...linked];
        return Response.json({ shipment });
      }
      if (url.pathname === '/api/shipments') {
        if (url.searchParams.get('unassociated') === 'true')
          return Response.json({ shipments: [loose], cursor: null });
        expect(url.searchParams.get('linkKind')).toBe('sale');
        expect(url.searchParams.get('linkId')).toBe('sale-1');
        return Response.json({ shipments: linked, cursor: null });
      }
      if (url.pathname === '/api/shipments/sh-2/associate') {
        associated.push(JSON.parse(String(init?.body)));
        const shipment = { ...loose, link: base.link, linkLabel: base.linkLabel };
        linked = [...linked, shipment];
        return Response.json({ shipment });
      }
      return undefined;
    });
    const panel = await screen.findByTestId('shipments-panel', {}, { timeout: 20_000 });
    expect(await within(panel).findAllByTestId('shipment-row')).toHaveLength(1);
    // The record is the panel's: rows do not repeat it.
    expect(within(panel).queryByTestId('shipment-link')).toBeNull();

    fireEvent.click(within(panel).getByTestId('shipments-panel-add'));
    const form = await screen.findByTestId('shipment-form-dialog');
    expect(within(form).queryByTestId('shipment-form-link')).toBeNull();
    fireEvent.change(within(form).getByTestId('shipment-form-courier'), { target: { value: 'gls' } });
    fireEvent.change(within(form).getByTestId('shipment-form-trackingNumber'), {
      target: { value: 'NEW-3' },
    });
    fireEvent.click(within(form).getByTestId('shipment-form-submit'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.body).toMatchObject({
      courier: 'gls',
      trackingNumber: 'NEW-3',
      link: { kind: 'sale', id: 'sale-1' },
    });
    expect(created[0]!.key).toBeTruthy();
    await waitFor(() => expect(within(panel).getAllByTestId('shipment-row')).toHaveLength(2));

    fireEvent.click(within(panel).getByTestId('shipments-panel-associate'));
    const picker = await screen.findByTestId('shipments-associate-existing-dialog');
    fireEvent.click(await within(picker).findByTestId('shipment-unassociated-option'));
    expect(await screen.findByText('Shipment associated successfully')).toBeTruthy();
    expect(associated).toEqual([{ kind: 'sale', id: 'sale-1' }]);
    await waitFor(() => expect(within(panel).getAllByTestId('shipment-row')).toHaveLength(3));
  }, 20_000);
});
