import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { renderApp } from '../../../test/render-app';
import { paymentPage } from '../buyer-forms/buy-dialog';
import { SIZE_SYSTEM_STORAGE_KEY } from '../model/sizes';
import { apiError, checkout, dunkProduct, store } from '../../../test/storefront-fixtures';

const productPath = '/api/store/st-1/products/p-dunk';

afterEach(() => vi.restoreAllMocks());

async function openBuy() {
  const picker = await screen.findByTestId('size-picker');
  fireEvent.click(within(picker).getByRole('button', { name: /^EU 42.5,/ }));
  fireEvent.click(screen.getByTestId('buy'));
  return screen.findByTestId('buy-dialog');
}

function fill(dialog: HTMLElement) {
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  type('Full name', 'Ana Buyer');
  type('Email', 'ana@example.com');
  type('Phone', '+34 600 000 000');
  type('Street and number', 'Calle Mayor 1');
  type('City', 'Madrid');
  type('Postal code', '28013');
  type('Country', 'ES');
}

describe('the product page', () => {
  it('shows the size run in the buyer system: in-stock sizes with their price, the others out of stock', async () => {
    window.localStorage.setItem(SIZE_SYSTEM_STORAGE_KEY, 'usM');
    renderApp('/store/st-1/product/p-dunk', (url) =>
      url.pathname === productPath ? Response.json({ store, product: dunkProduct }) : undefined,
    );
    const picker = await screen.findByTestId('size-picker');
    expect(screen.getByRole('heading', { level: 1, name: 'Nike Dunk Low Panda' })).toBeTruthy();
    expect(screen.getByText('DD1391-100'.toLowerCase()).className).toContain('uppercase');
    const names = within(picker)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['US 8.5, out of stock', 'US 9, €125.00', 'US 9.5, out of stock']);
  });

  it('offers notify me on an out-of-stock size', async () => {
    const bodies: unknown[] = [];
    renderApp('/store/st-1/product/p-dunk', (url, init) => {
      if (url.pathname === productPath) return Response.json({ store, product: dunkProduct });
      if (url.pathname === '/api/store/st-1/notify' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return Response.json({ status: 'pending' }, { status: 202 });
      }
      return undefined;
    });
    const picker = await screen.findByTestId('size-picker');
    fireEvent.click(within(picker).getByRole('button', { name: 'EU 43, out of stock' }));
    expect(screen.queryByTestId('buy')).toBeNull();
    // The form loads with the data layer on the pick.
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('status')).textContent).toContain('Check your inbox');
    expect(bodies).toEqual([{ productId: 'p-dunk', size: 'US 9.5', email: 'fan@example.com', locale: 'en' }]);
  });

  it('checks the buy form as the contract does before any request', async () => {
    const { fetchMock } = renderApp('/store/st-1/product/p-dunk', (url) =>
      url.pathname === productPath ? Response.json({ store, product: dunkProduct }) : undefined,
    );
    const dialog = await openBuy();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay €125.00' }));
    for (const text of [
      'Enter your name',
      'Enter a valid email address',
      'Enter a valid phone number',
      'Enter the street and number',
      'Enter the city',
      'Enter the postal code',
      'Choose a country',
    ])
      expect(within(dialog).getByText(text, { selector: 'p' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('creates the checkout with an idempotency key and no price, then opens the payment page', async () => {
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
    const calls: { key: string | null; body: Record<string, unknown> }[] = [];
    let fail = true;
    renderApp('/store/st-1/product/p-dunk', (url, init) => {
      if (url.pathname === productPath) return Response.json({ store, product: dunkProduct });
      if (url.pathname === '/api/store/st-1/checkout' && init?.method === 'POST') {
        calls.push({
          key: new Headers(init.headers).get('idempotency-key'),
          body: JSON.parse(String(init.body)) as Record<string, unknown>,
        });
        if (fail) {
          fail = false;
          return apiError(500, 'INTERNAL');
        }
        return Response.json({ checkout: checkout(), url: 'https://pay.example/cs_1' }, { status: 201 });
      }
      return undefined;
    });
    const dialog = await openBuy();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay €125.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('could not be opened');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay €125.00' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.key).toBeTruthy();
    // The retry of the same details is the same attempt.
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[0]!.body).toEqual({
      productId: 'p-dunk',
      size: 'US 9',
      name: 'Ana Buyer',
      email: 'ana@example.com',
      phone: '+34 600 000 000',
      shipping: { line1: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', country: 'ES' },
      locale: 'en',
    });
    expect(JSON.stringify(calls[0]!.body)).not.toContain('price');
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/cs_1'));
  });

  it('says someone else is buying the pair and refreshes the sizes on 409 SIZE_NOT_AVAILABLE', async () => {
    let productReads = 0;
    renderApp('/store/st-1/product/p-dunk', (url, init) => {
      if (url.pathname === productPath) {
        productReads += 1;
        return Response.json({ store, product: dunkProduct });
      }
      if (url.pathname === '/api/store/st-1/checkout' && init?.method === 'POST')
        return apiError(409, 'SIZE_NOT_AVAILABLE');
      return undefined;
    });
    const dialog = await openBuy();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay €125.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Someone else is buying this pair',
    );
    await waitFor(() => expect(productReads).toBe(2));
  });

  it('shows the demo toast on the demo store instead of the form', async () => {
    renderApp('/store/demo-store/product/p-dunk', (url) =>
      url.pathname === '/api/store/demo-store/products/p-dunk'
        ? Response.json({ store: { ...store, storeId: 'demo-store', demo: true }, product: dunkProduct })
        : undefined,
    );
    const picker = await screen.findByTestId('size-picker');
    fireEvent.click(within(picker).getByRole('button', { name: /^EU 42.5,/ }));
    fireEvent.click(screen.getByTestId('buy'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    expect(screen.queryByTestId('buy-dialog')).toBeNull();
  });

  it('shows "no longer available" for a product the store stopped selling', async () => {
    renderApp('/store/st-1/product/p-old', () => apiError(404, 'PRODUCT_NOT_AVAILABLE'));
    expect(await screen.findByText('No longer available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See what is in stock' }).getAttribute('href')).toBe(
      '/store/st-1',
    );
  });
});
