import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { renderApp } from '../../../test/render-app';
import { apiError, dunkProduct, store } from '../../../test/storefront-fixtures';

const productPath = '/api/store/st-1/products/p-dunk';

const statusAnswer = {
  status: 'pending',
  listType: 'inventory',
  storeBusinessName: 'Kicks Madrid',
  currency: 'EUR',
  lines: [
    {
      itemName: 'Nike Dunk Low Panda',
      itemSku: 'DD1391-100',
      size: 'US 9',
      offeredPrice: 11000,
      quantity: 1,
    },
  ],
  offeredTotal: 11000,
  counterPrice: null,
  counterMessage: null,
  agreedPrice: null,
  expiresAt: '2026-12-05T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

async function openOffer() {
  const picker = await screen.findByTestId('size-picker');
  // No size, or an out-of-stock one: nothing to offer on.
  expect(screen.queryByTestId('make-offer')).toBeNull();
  fireEvent.click(within(picker).getByRole('button', { name: 'EU 43, out of stock' }));
  expect(screen.queryByTestId('make-offer')).toBeNull();
  fireEvent.click(within(picker).getByRole('button', { name: /^EU 42.5,/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
  return screen.findByTestId('offer-dialog');
}

const type = (dialog: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('make an offer on a product page', () => {
  it('checks the form as the contract does, then sends the offer and links its status page', async () => {
    const calls: { key: string | null; body: unknown }[] = [];
    renderApp('/store/st-1/product/p-dunk', (url, init) => {
      if (url.pathname === productPath) return Response.json({ store, product: dunkProduct });
      if (url.pathname === '/api/storefront-offers' && init?.method === 'POST') {
        calls.push({
          key: new Headers(init.headers).get('idempotency-key'),
          body: JSON.parse(String(init.body)),
        });
        return Response.json({ offer: statusAnswer, statusToken: 'tok_123456789' }, { status: 201 });
      }
      return undefined;
    });
    const dialog = await openOffer();
    type(dialog, 'Email', 'nope');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    for (const text of [
      'Enter a price above 0',
      'Name is required',
      'Enter a valid email address',
      'Phone is required',
      'Instagram or Discord is required',
    ])
      expect(within(dialog).getByText(text)).toBeTruthy();
    expect(within(dialog).getByLabelText('Your price (EUR)').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    type(dialog, 'Your price (EUR)', '110');
    type(dialog, 'Name', 'Lucía');
    type(dialog, 'Email', 'lucia@example.com');
    type(dialog, 'Phone', '+34 611');
    type(dialog, 'Discord', 'lucia#1');
    type(dialog, 'Message (optional)', 'Cash today?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    const link = await within(dialog).findByRole('link', { name: "See the offer's status" });
    expect(link.getAttribute('href')).toBe('/offer-status/tok_123456789');
    expect(within(dialog).getByRole('status').textContent).toContain('Offer sent to Kicks Madrid');
    expect(calls).toEqual([
      {
        key: expect.any(String),
        body: {
          storeId: 'st-1',
          productId: 'p-dunk',
          size: 'US 9',
          offeredPrice: 11000,
          message: 'Cash today?',
          contact: {
            name: 'Lucía',
            email: 'lucia@example.com',
            phone: '+34 611',
            instagram: null,
            discord: 'lucia#1',
          },
          language: 'en',
        },
      },
    ]);
  });

  it('says the size is gone and refreshes the sizes on 409 SIZE_NOT_AVAILABLE', async () => {
    let productReads = 0;
    renderApp('/store/st-1/product/p-dunk', (url, init) => {
      if (url.pathname === productPath) {
        productReads += 1;
        return Response.json({ store, product: dunkProduct });
      }
      if (url.pathname === '/api/storefront-offers' && init?.method === 'POST')
        return apiError(409, 'SIZE_NOT_AVAILABLE');
      return undefined;
    });
    const dialog = await openOffer();
    type(dialog, 'Your price (EUR)', '99.50');
    type(dialog, 'Name', 'Lucía');
    type(dialog, 'Email', 'lucia@example.com');
    type(dialog, 'Phone', '+34 611');
    type(dialog, 'Instagram', '@lucia');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('no longer in stock');
    await waitFor(() => expect(productReads).toBe(2));
  });

  it('shows the demo toast on the demo store instead of the offer form', async () => {
    renderApp('/store/demo-store/product/p-dunk', (url) =>
      url.pathname === '/api/store/demo-store/products/p-dunk'
        ? Response.json({ store: { ...store, storeId: 'demo-store', demo: true }, product: dunkProduct })
        : undefined,
    );
    const picker = await screen.findByTestId('size-picker');
    fireEvent.click(within(picker).getByRole('button', { name: /^EU 42.5,/ }));
    fireEvent.click(screen.getByTestId('make-offer'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    expect(screen.queryByTestId('offer-dialog')).toBeNull();
  });

  it('has no offer button on a virtual product (no pair behind its sizes)', async () => {
    renderApp('/store/st-1/product/p-dunk', (url) =>
      url.pathname === productPath
        ? Response.json({ store, product: { ...dunkProduct, virtual: true } })
        : undefined,
    );
    const picker = await screen.findByTestId('size-picker');
    fireEvent.click(within(picker).getByRole('button', { name: /^EU 42.5,/ }));
    expect(screen.getByTestId('buy')).toBeTruthy();
    expect(screen.queryByTestId('make-offer')).toBeNull();
  });
});
