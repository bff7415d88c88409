import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Client, Item } from '@sneakers/shared';
import { recordInvalidations } from '../../../test/invalidations';
import { renderApp, type Route } from '../../../test/render-app';
import { signedIn, testProfile, testSale } from '../tests/test-support';

const item: Item = {
  id: 'it-1',
  userId: 'u-1',
  listType: 'inventory',
  status: 'available',
  visibility: 'private',
  urgent: false,
  isBulk: false,
  productCatalogId: null,
  productVariantId: null,
  bookingId: null,
  sku: 'DD1391-100',
  name: 'Nike Dunk Low Panda',
  brand: 'Nike',
  colorway: 'Panda',
  imageUrl: null,
  sizes: ['42', '43'],
  targetPrice: null,
  desiredPrice: null,
  askingPrice: 15000,
  currency: 'EUR',
  source: null,
  purchasePrice: 9000,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const clients: Client[] = [
  {
    id: 'c-1',
    name: 'Lucía Fernández',
    email: 'lucia@example.com',
    phone: '+34 600 000 000',
    instagramHandle: null,
    bookingCount: 0,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  },
];

interface Call {
  body: Record<string, unknown>;
  key: string | null;
}

function api(answer: (call: Call, n: number) => Response): { route: Route; calls: Call[] } {
  const calls: Call[] = [];
  const route: Route = (url, init) => {
    if (url.pathname === '/api/profile') return Response.json({ profile: testProfile });
    if (url.pathname === '/api/items/it-1') return Response.json({ item });
    if (url.pathname === '/api/clients') return Response.json({ clients, cursor: null });
    if (url.pathname === '/api/sales' && init?.method === 'POST') {
      const call = {
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        key: new Headers(init.headers).get('idempotency-key'),
      };
      calls.push(call);
      return answer(call, calls.length);
    }
    return undefined;
  };
  return { route, calls };
}

async function openSell() {
  fireEvent.click(await screen.findByTestId('item-sell', {}, { timeout: 15_000 }));
  return screen.findByTestId('sell-dialog');
}

describe('Sell dialog', { timeout: 40_000 }, () => {
  it('sells an inventory item to a client with one idempotency key per opening', async () => {
    const { route, calls } = api((_, n) =>
      n === 1
        ? Response.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The request is not valid.',
                fields: { trackingNumber: ['Tracking number rejected'] },
              },
            },
            { status: 400 },
          )
        : Response.json({ sale: testSale({ id: 's-9' }) }, { status: 201 }),
    );
    const { queryClient } = renderApp('/dashboard/inventory-item/it-1', route, signedIn);
    const invalidated = recordInvalidations(queryClient);
    const dialog = await openSell();
    // Prefilled from the item: its asking price, its currency, today.
    expect((within(dialog).getByTestId('sell-salePrice') as HTMLInputElement).value).toBe('150.00');
    expect((within(dialog).getByTestId('sell-currency') as HTMLSelectElement).value).toBe('EUR');
    expect((within(dialog).getByTestId('sell-saleDate') as HTMLInputElement).value).toBe(
      new Date().toISOString().slice(0, 10),
    );

    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    expect(await within(dialog).findByText('Pick the size sold.')).toBeTruthy();
    expect(within(dialog).getByText('Pick the client who bought it, or choose Someone else.')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('sell-size'), { target: { value: '43' } });
    fireEvent.change(within(dialog).getByTestId('sell-fees'), { target: { value: '12.5' } });
    // 150.00 − 90.00 − 12.50
    expect(within(dialog).getByTestId('sell-profit-preview').textContent).toContain('€47.50');
    await within(dialog).findByRole('option', { name: 'Lucía Fernández (lucia@example.com)' });
    fireEvent.change(within(dialog).getByTestId('sell-clientId'), { target: { value: 'c-1' } });
    fireEvent.change(within(dialog).getByTestId('sell-trackingNumber'), { target: { value: '1Z999' } });
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    expect(await within(dialog).findByText('Tracking number rejected')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    expect(await screen.findByText('Sale of Nike Dunk Low Panda recorded')).toBeTruthy();
    // The item's stock, the sales, the overview and the balances all move.
    for (const key of [['items'], ['sales'], ['overview'], ['payments', 'balances']])
      expect(invalidated).toContainEqual(key);
    await waitFor(() => expect(screen.queryByTestId('sell-dialog')).toBeNull());
    const body = {
      source: 'inventory',
      itemId: 'it-1',
      size: '43',
      salePrice: 15000,
      fees: 1250,
      currency: 'EUR',
      saleDate: new Date().toISOString().slice(0, 10),
      clientId: 'c-1',
      notifyClient: true,
      shippingCarrier: null,
      trackingNumber: '1Z999',
      notes: null,
    };
    expect(calls.map((c) => c.body)).toEqual([body, body]);
    expect(calls[0]!.key).toBeTruthy();
    expect(calls[1]!.key).toBe(calls[0]!.key);

    const again = await openSell();
    fireEvent.change(within(again).getByTestId('sell-size'), { target: { value: '42' } });
    fireEvent.click(within(again).getByTestId('sell-buyer-name'));
    fireEvent.change(within(again).getByTestId('sell-buyerName'), { target: { value: ' Walk-in ' } });
    fireEvent.click(within(again).getByTestId('sell-submit'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.body).toMatchObject({ buyerName: 'Walk-in', notifyClient: false, size: '42' });
    expect(calls[2]!.body).not.toHaveProperty('clientId');
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });

  it("checks a carrier's tracking number by the courier rule before sending, in the courier's words", async () => {
    const { route, calls } = api(() => Response.json({ sale: testSale({ id: 's-9' }) }, { status: 201 }));
    renderApp('/dashboard/inventory-item/it-1', route, signedIn);
    const dialog = await openSell();
    fireEvent.change(within(dialog).getByTestId('sell-size'), { target: { value: '42' } });
    fireEvent.click(within(dialog).getByTestId('sell-buyer-name'));
    fireEvent.change(await within(dialog).findByTestId('sell-buyerName'), { target: { value: 'Walk-in' } });
    fireEvent.change(within(dialog).getByTestId('sell-shippingCarrier'), { target: { value: 'DHL' } });
    fireEvent.change(within(dialog).getByTestId('sell-trackingNumber'), { target: { value: 'zzz!!!???💥' } });
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    expect(await within(dialog).findByText("This doesn't look like a DHL tracking number")).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('sell-trackingNumber'), { target: { value: '3318810025' } });
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ shippingCarrier: 'DHL', trackingNumber: '3318810025' });
  });

  it('explains a sale another tab made first (409 ITEM_NOT_AVAILABLE) and stays open', async () => {
    const { route, calls } = api(() =>
      Response.json(
        { error: { code: 'ITEM_NOT_AVAILABLE', message: 'The item is not available.' } },
        { status: 409 },
      ),
    );
    renderApp('/dashboard/inventory-item/it-1', route, signedIn);
    const dialog = await openSell();
    fireEvent.change(within(dialog).getByTestId('sell-size'), { target: { value: '42' } });
    fireEvent.click(within(dialog).getByTestId('sell-buyer-name'));
    fireEvent.change(within(dialog).getByTestId('sell-buyerName'), { target: { value: 'Ana' } });
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    expect((await within(dialog).findByTestId('sell-conflict')).textContent).toContain(
      'This item is no longer available in that size',
    );
    expect(calls).toHaveLength(1);
    expect(screen.getByTestId('sell-dialog')).toBeTruthy();
  });
});
