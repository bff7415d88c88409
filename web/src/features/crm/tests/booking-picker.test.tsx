import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Booking, Client, Product, UserProfile, Variant } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
};
const client: Client = {
  id: 'c-1',
  name: 'Ana García',
  email: '',
  phone: '+34 600 000 000',
  instagramHandle: null,
  bookingCount: 1,
  createdAt: '2026-01-15T10:00:00Z',
  updatedAt: '2026-01-15T10:00:00Z',
};
const samba: Product = {
  id: 'cat-7',
  sku: 'B75806',
  name: 'adidas samba og',
  brand: 'adidas',
  productType: 'sneakers',
  imageUrl: 'http://localhost:4566/media/catalog/B75806.svg',
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
const variant = (id: string, size: Partial<Variant['size']>, label: string): Variant => ({
  id,
  productId: samba.id,
  label,
  retailPrice: null,
  size: { brand: 'adidas', eu: null, usM: null, usW: null, uk: null, jpCm: null, ...size },
  marketplaceVariantId: null,
  gtin: null,
  updatedAt: '2026-01-01T00:00:00Z',
});
// No EU size in the catalogue: the default size falls back to US M (docs/product/catalogue.md#products-and-variants).
const variants = [
  variant('sv-9', { usM: '9', uk: '8.5' }, 'US M 9'),
  variant('sv-8', { usM: '8' }, 'US M 8'),
];
const booking: Booking = {
  id: 'b-1',
  clientId: 'c-1',
  client: { id: 'c-1', name: client.name, email: '', phone: client.phone, instagramHandle: null },
  itemSku: 'B75806',
  itemName: 'Samba OG',
  itemBrand: 'adidas',
  itemColorway: 'White',
  itemImageUrl: samba.imageUrl,
  size: 'US 9',
  productVariantId: 'sv-9',
  salePrice: 15000,
  prepaidAmount: 0,
  currency: 'EUR',
  status: 'active',
  notes: null,
  shareId: 'share-0123456789abcdef',
  createdAt: '2026-02-01T10:00:00Z',
  updatedAt: '2026-02-01T10:00:00Z',
};

function routes(sent: { method: string; body: unknown }[]) {
  return (url: URL, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/clients/c-1') return Response.json({ client, bookings: [booking] });
    if (url.pathname === '/api/clients' && method === 'GET')
      return Response.json({ clients: [client], cursor: null });
    if (url.pathname === '/api/bookings' && method === 'GET')
      return Response.json({ bookings: [booking], cursor: null });
    if (url.pathname === '/api/bookings/b-1' && method === 'GET') return Response.json({ booking });
    if (url.pathname === '/api/catalog/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const products = samba.name.includes(q) ? [samba] : [];
      return Response.json({ products, total: products.length, page: 1, pageSize: 24 });
    }
    if (url.pathname === `/api/catalog/products/${samba.id}`)
      return Response.json({ product: samba, variants });
    if (url.pathname.startsWith('/api/bookings') && method !== 'GET') {
      const body = JSON.parse(String(init?.body)) as Partial<Booking>;
      sent.push({ method, body });
      return Response.json({ booking: { ...booking, ...body } });
    }
    return undefined;
  };
}

describe('booking form with the catalogue', { timeout: 40_000 }, () => {
  it('books a product and size picked from the catalogue', async () => {
    const sent: { method: string; body: unknown }[] = [];
    renderApp('/client/c-1', routes(sent), signedIn);
    fireEvent.click(await screen.findByTestId('client-new-booking', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('booking-form-dialog');
    const submit = within(dialog).getByTestId('booking-form-submit') as HTMLButtonElement;
    const box = await within(dialog).findByRole('combobox', { name: 'Pick from the catalogue' });
    // No product, no booking (docs/product/clients-and-bookings.md#booking-form).
    expect(submit.disabled).toBe(true);
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'samba' } });
    fireEvent.click(await within(dialog).findByTestId('catalog-picker-option'));
    const size = (await within(dialog).findByTestId('catalog-picker-size')) as HTMLSelectElement;
    await waitFor(() => expect(size.value).toBe('sv-8'));
    expect([...size.options].map((o) => o.textContent)).toEqual(['US 8', 'US 9']);
    // The product and its size come from the pick: no typed fields for them.
    expect(within(dialog).queryByTestId('booking-form-itemSku')).toBeNull();
    expect(within(dialog).queryByTestId('booking-form-size')).toBeNull();
    fireEvent.change(size, { target: { value: 'sv-9' } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(within(dialog).getByTestId('booking-form-salePrice'), { target: { value: '150' } });
    fireEvent.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      body: expect.objectContaining({
        clientId: 'c-1',
        itemSku: 'B75806',
        itemName: 'adidas samba og',
        itemBrand: 'adidas',
        itemColorway: 'Cloud White/Core Black',
        itemImageUrl: samba.imageUrl,
        size: 'US 9',
        productVariantId: 'sv-9',
        salePrice: 15000,
      }),
    });
  });

  it('still books a product typed by hand (Enter details manually)', async () => {
    const sent: { method: string; body: unknown }[] = [];
    renderApp('/client/c-1', routes(sent), signedIn);
    fireEvent.click(await screen.findByTestId('client-new-booking', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('booking-form-dialog');
    fireEvent.click(await within(dialog).findByTestId('catalog-picker-manual'));
    expect(document.activeElement).toBe(within(dialog).getByTestId('booking-form-itemSku'));
    fireEvent.change(within(dialog).getByTestId('booking-form-itemSku'), { target: { value: 'ABC-1' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-itemName'), { target: { value: 'Gazelle' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-size'), { target: { value: '43' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-salePrice'), { target: { value: '99' } });
    fireEvent.click(within(dialog).getByTestId('booking-form-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ itemSku: 'ABC-1', size: '43', productVariantId: null });
  });

  it('keeps a booking’s variant on an edit that leaves the product alone; a typed size unlinks it', async () => {
    const sent: { method: string; body: unknown }[] = [];
    renderApp('/dashboard/bookings/b-1', routes(sent), signedIn);
    const details = await screen.findByTestId('booking-details', {}, { timeout: 20_000 });
    fireEvent.click(await within(details).findByTestId('booking-edit'));
    fireEvent.change(await within(details).findByTestId('booking-form-notes'), { target: { value: 'Call' } });
    fireEvent.click(within(details).getByTestId('booking-form-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ productVariantId: 'sv-9', size: 'US 9' });
    fireEvent.click(await within(details).findByTestId('booking-edit'));
    fireEvent.change(await within(details).findByTestId('booking-form-size'), { target: { value: 'US 10' } });
    fireEvent.click(within(details).getByTestId('booking-form-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ productVariantId: null, size: 'US 10' });
  });
});
