import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import {
  formatMoney,
  type Consignment,
  type Product,
  type Provider,
  type ProviderBalance,
  type UserProfile,
  type Variant,
} from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { recordInvalidations } from '../../../test/invalidations';
import { renderApp, type Route } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
};
const approved: Provider = {
  id: 'pr-1',
  name: 'Ana García',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  alias: 'Anita',
  dni: '12345678Z',
  ibanMasked: '•••• 1332',
  status: 'approved',
  source: 'manual',
  createdAt: '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};
const pending: Provider = { ...approved, status: 'pending', source: 'registration' };

function consignment(over: Partial<Consignment> & Pick<Consignment, 'id'>): Consignment {
  return {
    providerId: 'pr-1',
    itemSku: 'DZ5485-612',
    itemName: 'Jordan 1 Chicago',
    size: '42',
    productCatalogId: null,
    productVariantId: null,
    itemBrand: '',
    itemColorway: '',
    itemImageUrl: null,
    price: 12050,
    salePrice: null,
    currency: 'EUR',
    status: 'in_stock',
    notes: null,
    soldAt: null,
    saleId: null,
    paymentId: null,
    paidAt: null,
    createdAt: '2026-01-03T00:00:00Z',
    updatedAt: '2026-01-03T00:00:00Z',
    ...over,
  };
}
const inStock = consignment({ id: 'c-1' });
const older = consignment({
  id: 'c-0',
  itemSku: 'FD1234-100',
  itemName: 'Dunk Low Panda',
  size: '40',
  price: 8000,
  status: 'sold',
  salePrice: 11000,
  soldAt: '2026-01-02T12:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
});
const returned = consignment({
  id: 'c-2',
  itemSku: 'RT-1',
  itemName: 'Returned Runner',
  status: 'returned',
  createdAt: '2026-01-01T12:00:00Z',
});

const CONSIGNMENTS = '/api/providers/pr-1/consignments';

function api(provider: Provider, extra: Route = () => undefined): Route {
  return (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/providers/pr-1') return Response.json({ provider });
    return undefined;
  };
}

const post = (init: RequestInit | undefined) => init?.method === 'POST';

describe('provider consignments', () => {
  it('lists consignments newest first and adds one in cents with one idempotency key per opening', async () => {
    const calls: Array<{ body: unknown; key: string | null }> = [];
    let list: Consignment[] = [older, inStock];
    renderApp(
      '/dashboard/providers/pr-1',
      api(approved, (url, init) => {
        if (url.pathname !== CONSIGNMENTS) return undefined;
        if (!post(init)) return Response.json({ consignments: list });
        calls.push({
          body: JSON.parse(String(init?.body)),
          key: new Headers(init?.headers).get('idempotency-key'),
        });
        if (calls.length === 1)
          return Response.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The request is not valid.',
                fields: { size: ['Size rejected by the server'] },
              },
            },
            { status: 400 },
          );
        const created = consignment({
          id: `c-new-${calls.length}`,
          itemSku: 'NEW-1',
          itemName: 'Yeezy 350',
          size: '43',
          price: 12050,
          notes: 'Box damaged',
          createdAt: '2026-01-05T00:00:00Z',
        });
        list = [created, ...list];
        return Response.json({ consignment: created });
      }),
      signedIn,
    );
    const section = await screen.findByTestId('consignments-section', {}, { timeout: 20_000 });
    const rows = await within(section).findAllByTestId('consignment-row');
    expect(rows.map((r) => within(r).getByTestId('consignment-name').textContent)).toEqual([
      'Jordan 1 Chicago',
      'Dunk Low Panda',
    ]);
    expect(within(rows[0]!).getByTestId('consignment-status').textContent).toBe('In stock');
    expect(within(rows[0]!).getByTestId('consignment-price').textContent).toBe('€120.50');
    expect(within(rows[0]!).queryByTestId('consignment-sale-price')).toBeNull();
    expect(within(rows[1]!).getByTestId('consignment-status').textContent).toBe('Sold');
    expect(within(rows[1]!).getByTestId('consignment-sale-price').textContent).toBe('€110.00');
    expect(within(rows[1]!).getByTestId('consignment-sold-at')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('consignment-mark-sold')).toBeNull();

    fireEvent.click(within(section).getByTestId('consignment-add'));
    const dialog = await screen.findByTestId('consignment-form-dialog');
    fireEvent.click(within(dialog).getByTestId('consignment-form-submit'));
    expect(await within(dialog).findByText('SKU is required')).toBeTruthy();
    expect(within(dialog).getByText('Enter the agreed price, e.g. 120.50')).toBeTruthy();
    expect(calls).toEqual([]);

    const price = within(dialog).getByTestId('consignment-form-price');
    expect(price.getAttribute('type')).toBe('number');
    expect(price.getAttribute('step')).toBe('0.01');
    expect(price.getAttribute('min')).toBe('0');
    fireEvent.change(within(dialog).getByTestId('consignment-form-itemSku'), {
      target: { value: ' NEW-1 ' },
    });
    fireEvent.change(within(dialog).getByTestId('consignment-form-itemName'), {
      target: { value: 'Yeezy 350' },
    });
    fireEvent.change(within(dialog).getByTestId('consignment-form-size'), { target: { value: '43' } });
    fireEvent.change(price, { target: { value: '120.5' } });
    fireEvent.change(within(dialog).getByTestId('consignment-form-notes'), {
      target: { value: 'Box damaged' },
    });
    fireEvent.click(within(dialog).getByTestId('consignment-form-submit'));
    expect(await within(dialog).findByText('Size rejected by the server')).toBeTruthy();
    expect(await screen.findByText('Failed to add the consignment')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('consignment-form-submit'));
    await waitFor(() => expect(calls).toHaveLength(2));
    const body = {
      itemSku: 'NEW-1',
      itemName: 'Yeezy 350',
      size: '43',
      price: 12050,
      currency: 'EUR',
      notes: 'Box damaged',
    };
    expect(calls.map((c) => c.body)).toEqual([body, body]);
    expect(calls[0]!.key).toBeTruthy();
    // A retry of the same opening reuses its key, so the server creates one consignment.
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(await screen.findByText('Yeezy 350 added to consignments')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('consignment-form-dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('consignment-row')[0]!).getByTestId('consignment-name').textContent,
      ).toBe('Yeezy 350'),
    );

    // A new opening gets a new key.
    fireEvent.click(within(section).getByTestId('consignment-add'));
    const again = await screen.findByTestId('consignment-form-dialog');
    fireEvent.change(within(again).getByTestId('consignment-form-itemSku'), { target: { value: 'X' } });
    fireEvent.change(within(again).getByTestId('consignment-form-itemName'), { target: { value: 'Y' } });
    fireEvent.change(within(again).getByTestId('consignment-form-size'), { target: { value: '41' } });
    fireEvent.change(within(again).getByTestId('consignment-form-price'), { target: { value: '10' } });
    fireEvent.click(within(again).getByTestId('consignment-form-submit'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.body).toEqual({ itemSku: 'X', itemName: 'Y', size: '41', price: 1000, currency: 'EUR' });
    expect(calls[2]!.key).toBeTruthy();
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });

  it('adds a consignment picked from the catalogue with its product, size and brand', async () => {
    const bodies: unknown[] = [];
    const product: Product = {
      id: 'cat-7',
      sku: 'B75806',
      name: 'adidas samba og',
      brand: 'adidas',
      productType: 'sneakers',
      imageUrl: 'https://img.example/samba.png',
      releaseDate: '2018-01-01',
      retailPrice: 10000,
      currency: 'EUR',
      colorway: 'Cloud White/Core Black',
      gender: 'unisex',
      marketplaceSlug: null,
      marketplaceProductId: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const variant: Variant = {
      id: 'sv-42',
      productId: product.id,
      label: 'EU 42',
      retailPrice: null,
      size: { brand: 'adidas', eu: '42', usM: null, usW: null, uk: null, jpCm: null },
      marketplaceVariantId: null,
      gtin: null,
      updatedAt: '2026-01-01T00:00:00Z',
    };
    renderApp(
      '/dashboard/providers/pr-1',
      api(approved, (url, init) => {
        if (url.pathname === '/api/catalog/products')
          return Response.json({ products: [product], total: 1, page: 1, pageSize: 24 });
        if (url.pathname === `/api/catalog/products/${product.id}`)
          return Response.json({ product, variants: [variant] });
        if (url.pathname !== CONSIGNMENTS) return undefined;
        if (!post(init)) return Response.json({ consignments: [] });
        bodies.push(JSON.parse(String(init?.body)));
        return Response.json({ consignment: consignment({ id: 'c-9', itemName: product.name }) });
      }),
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('consignment-add', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('consignment-form-dialog');
    const box = await within(dialog).findByRole(
      'combobox',
      { name: 'Pick from the catalogue' },
      { timeout: 20_000 },
    );
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'samba' } });
    fireEvent.click(await within(dialog).findByTestId('catalog-picker-option'));
    const size = (await within(dialog).findByTestId('catalog-picker-size')) as HTMLSelectElement;
    await waitFor(() => expect(size.value).toBe('sv-42'));
    // The pick is the product and its size: no typed fields for them.
    expect(within(dialog).queryByTestId('consignment-form-itemSku')).toBeNull();
    expect(within(dialog).queryByTestId('consignment-form-size')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('consignment-form-price'), { target: { value: '95' } });
    fireEvent.click(within(dialog).getByTestId('consignment-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      itemSku: 'B75806',
      itemName: 'adidas samba og',
      itemBrand: 'adidas',
      itemColorway: 'Cloud White/Core Black',
      itemImageUrl: 'https://img.example/samba.png',
      productCatalogId: 'cat-7',
      productVariantId: 'sv-42',
      size: 'EU 42',
      price: 9500,
      currency: 'EUR',
    });
  }, 20_000);

  it('hides Add consignment for a pending provider and says it must be approved first', async () => {
    renderApp(
      '/dashboard/providers/pr-1',
      api(pending, (url) =>
        url.pathname === CONSIGNMENTS ? Response.json({ consignments: [] }) : undefined,
      ),
      signedIn,
    );
    const section = await screen.findByTestId('consignments-section', {}, { timeout: 20_000 });
    expect(await within(section).findByTestId('consignments-empty')).toBeTruthy();
    expect(within(section).queryByTestId('consignment-add')).toBeNull();
    expect(within(section).getByTestId('consignment-add-hint').textContent).toBe(
      'Approve this provider before adding consignments.',
    );
  });

  it('shows the server 409 message when adding to a provider that is no longer approved', async () => {
    renderApp(
      '/dashboard/providers/pr-1',
      api(approved, (url, init) => {
        if (url.pathname !== CONSIGNMENTS) return undefined;
        if (!post(init)) return Response.json({ consignments: [] });
        return Response.json(
          { error: { code: 'PROVIDER_NOT_APPROVED', message: 'Provider is not approved.' } },
          { status: 409 },
        );
      }),
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('consignment-add', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('consignment-form-dialog');
    fireEvent.change(within(dialog).getByTestId('consignment-form-itemSku'), { target: { value: 'A' } });
    fireEvent.change(within(dialog).getByTestId('consignment-form-itemName'), { target: { value: 'B' } });
    fireEvent.change(within(dialog).getByTestId('consignment-form-size'), { target: { value: '42' } });
    fireEvent.change(within(dialog).getByTestId('consignment-form-price'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByTestId('consignment-form-submit'));
    expect(
      await screen.findByText('The provider is not approved, so consignments cannot be added.'),
    ).toBeTruthy();
  });

  it('marks an in-stock consignment sold with the sale price in cents, and the balance follows', async () => {
    const bodies: unknown[] = [];
    let list: Consignment[] = [inStock, returned];
    let balances: ProviderBalance[] = [];
    const { queryClient } = renderApp(
      '/dashboard/providers/pr-1',
      api(approved, (url, init) => {
        if (url.pathname === CONSIGNMENTS) return Response.json({ consignments: list });
        if (url.pathname === '/api/provider-balances') return Response.json({ balances });
        if (url.pathname === `${CONSIGNMENTS}/c-1/sold` && post(init)) {
          const body: unknown = JSON.parse(String(init?.body));
          bodies.push(body);
          const sold = {
            ...inStock,
            status: 'sold' as const,
            salePrice: 15050,
            soldAt: '2026-01-06T10:00:00Z',
          };
          list = [sold, returned];
          balances = [{ providerId: 'pr-1', currency: 'EUR', owed: inStock.price, unpaidCount: 1 }];
          return Response.json({ consignment: sold });
        }
        return undefined;
      }),
      signedIn,
    );
    const invalidated = recordInvalidations(queryClient);
    const rows = await screen.findAllByTestId('consignment-row', {}, { timeout: 20_000 });
    expect((await screen.findByTestId('provider-balance-owed')).textContent).toBe('Nothing owed');
    expect(within(rows[1]!).getByTestId('consignment-status').textContent).toBe('Returned');
    expect(within(rows[1]!).queryByTestId('consignment-mark-sold')).toBeNull();
    expect(within(rows[1]!).queryByTestId('consignment-mark-returned')).toBeNull();

    fireEvent.click(within(rows[0]!).getByTestId('consignment-mark-sold'));
    const dialog = await screen.findByTestId('consignment-sold-dialog');
    fireEvent.click(within(dialog).getByTestId('consignment-sold-submit'));
    expect(await within(dialog).findByText('Enter the sale price, e.g. 150.00')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('consignment-sold-price'), { target: { value: '150.50' } });
    fireEvent.click(within(dialog).getByTestId('consignment-sold-submit'));
    await waitFor(() => expect(bodies).toEqual([{ salePrice: 15050 }]));
    expect(await screen.findByText('Jordan 1 Chicago marked as sold')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('consignment-row')[0]!).getByTestId('consignment-sale-price')
          .textContent,
      ).toBe('€150.50'),
    );
    expect(
      within(screen.getAllByTestId('consignment-row')[0]!).getByTestId('consignment-status').textContent,
    ).toBe('Sold');
    // The store now owes the provider: the balance beside it, and the overview, without a reload.
    await waitFor(() =>
      expect(screen.getByTestId('provider-balance-owed').textContent).toContain(
        formatMoney({ amount: inStock.price, currency: 'EUR' }, 'en'),
      ),
    );
    expect(invalidated).toContainEqual(['overview']);
    expect(invalidated).toContainEqual(['payments', 'payable', 'pr-1']);
  }, 20_000);

  it('confirms Returned and shows the 409 message when it is no longer in stock', async () => {
    const returnedCalls: string[] = [];
    renderApp(
      '/dashboard/providers/pr-1',
      api(approved, (url, init) => {
        if (url.pathname === CONSIGNMENTS) return Response.json({ consignments: [inStock] });
        if (url.pathname === `${CONSIGNMENTS}/c-1/returned` && post(init)) {
          returnedCalls.push(url.pathname);
          return Response.json(
            { error: { code: 'CONSIGNMENT_NOT_IN_STOCK', message: 'Consignment is not in stock.' } },
            { status: 409 },
          );
        }
        return undefined;
      }),
      signedIn,
    );
    const row = await screen.findByTestId('consignment-row', {}, { timeout: 20_000 });
    fireEvent.click(within(row).getByTestId('consignment-mark-returned'));
    const dialog = await screen.findByTestId('consignment-returned-dialog');
    expect(returnedCalls).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('consignment-returned-dialog-confirm'));
    await waitFor(() => expect(returnedCalls).toHaveLength(1));
    expect(await screen.findByText('This consignment is no longer in stock.')).toBeTruthy();
  });

  it('shows an error state with retry when the consignments fail to load', async () => {
    let fail = true;
    renderApp(
      '/dashboard/providers/pr-1',
      api(approved, (url) => {
        if (url.pathname !== CONSIGNMENTS) return undefined;
        if (fail) return Response.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 });
        return Response.json({ consignments: [] });
      }),
      signedIn,
    );
    const error = await screen.findByTestId('consignments-error', {}, { timeout: 20_000 });
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('consignments-empty')).toBeTruthy();
  });

  it('lists the in-stock consignments on the pickup sheet before the empty rows', async () => {
    renderApp(
      '/dashboard/providers/pr-1/pickup',
      api(approved, (url) =>
        url.pathname === CONSIGNMENTS
          ? Response.json({ consignments: [inStock, older, returned] })
          : undefined,
      ),
      signedIn,
    );
    const sheet = await screen.findByTestId('pickup-sheet', {}, { timeout: 20_000 });
    const rows = await within(sheet).findAllByTestId('pickup-consignment-row');
    expect(rows).toHaveLength(1);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['1', 'DZ5485-612', 'Jordan 1 Chicago', '42', '', '€120.50']);
    expect(within(sheet).getByRole('columnheader', { name: 'Agreed price' })).toBeTruthy();
    expect(within(sheet).queryByText('Dunk Low Panda')).toBeNull();
    expect(within(sheet).queryByText('Returned Runner')).toBeNull();
    // The consignment rows come first; the empty rows for new items follow, numbered on.
    const all = within(sheet).getAllByRole('row').slice(1);
    expect(all[0]).toBe(rows[0]);
    const firstEmpty = within(sheet).getAllByTestId('pickup-row')[0]!;
    expect(within(firstEmpty).getAllByRole('cell')[0]!.textContent).toBe('2');
  });
});
