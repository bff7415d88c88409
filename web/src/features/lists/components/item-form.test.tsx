import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Item, Product, Variant } from '@sneakers/shared';
import { renderApp } from '../../../test/render-app';
import { signedIn, testItem as item, testProfile as profile } from '../tests/test-support';

const dunk: Product = {
  id: 'cat-1',
  sku: 'DD1391-100',
  name: 'nike dunk low retro',
  brand: 'Nike',
  productType: 'sneakers',
  imageUrl: 'http://localhost:4566/media/catalog/DD1391-100.svg',
  releaseDate: '2021-03-10',
  retailPrice: 11000,
  currency: 'EUR',
  colorway: 'White/Black',
  gender: 'men',
  marketplaceSlug: null,
  marketplaceProductId: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const variant = (id: string, eu: string, usM: string): Variant => ({
  id,
  productId: dunk.id,
  label: `US M ${usM}`,
  retailPrice: null,
  size: { brand: 'nike', eu, usM, usW: null, uk: null, jpCm: null },
  marketplaceVariantId: null,
  gtin: null,
  updatedAt: '2026-01-01T00:00:00Z',
});
const variants = [
  variant('var-43', '43', '9.5'),
  variant('var-42', '42', '8.5'),
  variant('var-425', '42.5', '9'),
];

/** The WTB section (or `path`) with a catalogue holding the Dunk; items saved land in `bodies`. */
function renderWtb(items: Item[], bodies: { method: string; body: unknown }[], path = '/dashboard/wtb') {
  return renderApp(
    path,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/catalog/products') {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const products = dunk.name.includes(q) || dunk.sku.toLowerCase().includes(q) ? [dunk] : [];
        return Response.json({ products, total: products.length, page: 1, pageSize: 24 });
      }
      if (url.pathname === `/api/catalog/products/${dunk.id}`)
        return Response.json({ product: dunk, variants });
      if (url.pathname.startsWith('/api/items') && method !== 'GET') {
        const body = JSON.parse(String(init?.body)) as Partial<Item>;
        bodies.push({ method, body });
        return Response.json({ item: { ...item, ...body, id: 'it-2' }, created: true });
      }
      if (url.pathname === '/api/items') return Response.json({ items, cursor: null });
      return undefined;
    },
    signedIn,
  );
}

async function search(text: string) {
  const box = await screen.findByRole('combobox', { name: 'Pick from the catalogue' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  return box;
}

describe('item form with the catalogue', { timeout: 40_000 }, () => {
  it('starts an inventory pair available and private, so it can be sold as soon as it is added', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    renderWtb([], bodies, '/dashboard/inventory');
    fireEvent.click(await screen.findByTestId('add-item', {}, { timeout: 20_000 }));
    expect((screen.getByTestId('item-form-status') as HTMLSelectElement).value).toBe('available');
    expect((screen.getByTestId('item-form-visibility') as HTMLSelectElement).value).toBe('private');
  });

  it('starts a WTB item pending and public: shown on the public list', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    renderWtb([], bodies);
    fireEvent.click(await screen.findByTestId('add-item', {}, { timeout: 20_000 }));
    expect((screen.getByTestId('item-form-status') as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByTestId('item-form-visibility') as HTMLSelectElement).value).toBe('public');
  });

  it('adds a WTB item picked from the catalogue with its size, linked and with the fallback fields', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    renderWtb([], bodies);
    fireEvent.click(await screen.findByTestId('add-item', {}, { timeout: 20_000 }));
    // The picker comes first; the manual fields stay below it until a pick.
    expect(screen.getByTestId('item-form-sku')).toBeTruthy();
    const box = await search('dunk');
    expect(
      within(await screen.findByTestId('catalog-picker-option')).getByText('Nike Dunk Low Retro'),
    ).toBeTruthy();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    const size = (await screen.findByTestId('catalog-picker-size')) as HTMLSelectElement;
    await waitFor(() => expect(size.value).toBe('var-42'));
    // The default size (EU, docs/product/catalogue.md#products-and-variants) went into the sizes; another size replaces it.
    expect(screen.getAllByTestId('item-form-size').map((li) => li.textContent)).toEqual(['EU 42']);
    fireEvent.change(size, { target: { value: 'var-425' } });
    expect(screen.getAllByTestId('item-form-size').map((li) => li.textContent)).toEqual(['EU 42.5']);
    expect(screen.queryByTestId('item-form-details')).toBeNull();
    fireEvent.change(screen.getByTestId('item-form-targetPrice'), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('item-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      method: 'POST',
      body: expect.objectContaining({
        listType: 'wtb',
        productCatalogId: 'cat-1',
        productVariantId: 'var-425',
        sku: 'DD1391-100',
        name: 'nike dunk low retro',
        brand: 'Nike',
        colorway: 'White/Black',
        imageUrl: 'http://localhost:4566/media/catalog/DD1391-100.svg',
        sizes: ['EU 42.5'],
        targetPrice: 15000,
      }),
    });
  });

  it('adds a picked size to the sizes already typed (multi-size items)', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    renderWtb([], bodies);
    fireEvent.click(await screen.findByTestId('add-item', {}, { timeout: 20_000 }));
    fireEvent.change(await screen.findByTestId('item-form-size-input'), { target: { value: 'EU 44, 45' } });
    fireEvent.click(screen.getByTestId('item-form-add-size'));
    await search('DD1391');
    fireEvent.click(await screen.findByTestId('catalog-picker-option'));
    await screen.findByTestId('catalog-picker-size');
    await waitFor(() =>
      expect(screen.getAllByTestId('item-form-size').map((li) => li.textContent)).toEqual([
        'EU 44',
        'EU 45',
        'EU 42',
      ]),
    );
    fireEvent.click(screen.getByTestId('item-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body).toMatchObject({ productVariantId: 'var-42', sizes: ['EU 44', '45', 'EU 42'] });
  });

  it('enters the details manually when the catalogue has no match', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    renderWtb([], bodies);
    fireEvent.click(await screen.findByTestId('add-item', {}, { timeout: 20_000 }));
    await search('FZ5808-001');
    expect((await screen.findByTestId('catalog-picker-empty')).textContent).toBe(
      'No products match “FZ5808-001”.',
    );
    fireEvent.click(screen.getByTestId('catalog-picker-manual-empty'));
    const sku = screen.getByTestId('item-form-sku') as HTMLInputElement;
    // A style code goes to the SKU field, and the focus with it.
    expect(sku.value).toBe('FZ5808-001');
    expect(document.activeElement).toBe(sku);
    fireEvent.change(screen.getByTestId('item-form-name'), { target: { value: 'Air Max 1' } });
    fireEvent.change(screen.getByTestId('item-form-size-input'), { target: { value: '43' } });
    fireEvent.click(screen.getByTestId('item-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body).toMatchObject({
      sku: 'FZ5808-001',
      name: 'Air Max 1',
      sizes: ['43'],
      productCatalogId: null,
      productVariantId: null,
      imageUrl: null,
    });
  });

  it('edits a linked item: shows the product with Change, a new size replaces its size, Change unlinks', async () => {
    const linked: Item = {
      ...item,
      productCatalogId: dunk.id,
      productVariantId: 'var-42',
      sku: dunk.sku,
      name: dunk.name,
      colorway: dunk.colorway,
      imageUrl: dunk.imageUrl,
      sizes: ['EU 42'],
    };
    const bodies: { method: string; body: unknown }[] = [];
    renderWtb([linked], bodies);
    const row = await screen.findByTestId('item-row', {}, { timeout: 20_000 });
    // The row shows the catalogue image, with the display rules on the name.
    const image = row.querySelector('img');
    expect(image?.getAttribute('src')).toBe(dunk.imageUrl);
    expect(within(row).getByText('Nike Dunk Low Retro')).toBeTruthy();
    // An address that fails to load shows the placeholder, never a broken image.
    if (image) fireEvent.error(image);
    expect(image?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    fireEvent.click(within(row).getByTestId('item-edit'));
    const dialog = await screen.findByTestId('edit-item-dialog');
    expect((await within(dialog).findByTestId('catalog-picker-selected-name')).textContent).toBe(
      'Nike Dunk Low Retro',
    );
    expect(within(dialog).queryByTestId('item-form-sku')).toBeNull();
    const size = within(dialog).getByTestId('catalog-picker-size') as HTMLSelectElement;
    await waitFor(() => expect(size.value).toBe('var-42'));
    fireEvent.change(size, { target: { value: 'var-43' } });
    expect(
      within(dialog)
        .getAllByTestId('item-form-size')
        .map((li) => li.textContent),
    ).toEqual(['EU 43']);
    fireEvent.click(within(dialog).getByTestId('item-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      method: 'PATCH',
      body: expect.objectContaining({
        productCatalogId: dunk.id,
        productVariantId: 'var-43',
        sizes: ['EU 43'],
      }),
    });
  });

  it('Change on a linked item goes back to the search with the fields editable, unlinked', async () => {
    const linked: Item = { ...item, productCatalogId: dunk.id, productVariantId: 'var-42', sizes: ['EU 42'] };
    const bodies: { method: string; body: unknown }[] = [];
    renderWtb([linked], bodies);
    fireEvent.click(
      within(await screen.findByTestId('item-row', {}, { timeout: 20_000 })).getByTestId('item-edit'),
    );
    const dialog = await screen.findByTestId('edit-item-dialog');
    fireEvent.click(await within(dialog).findByTestId('catalog-picker-change'));
    expect(document.activeElement).toBe(
      within(dialog).getByRole('combobox', { name: 'Pick from the catalogue' }),
    );
    expect((within(dialog).getByTestId('item-form-sku') as HTMLInputElement).value).toBe('dd1391-100');
    fireEvent.click(within(dialog).getByTestId('item-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body).toMatchObject({
      productCatalogId: null,
      productVariantId: null,
      sizes: ['EU 42'],
    });
  });
});
