import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import '../../test/setup';
import { createApiClient, type Product, type Variant } from '@sneakers/shared';
import { loadStrings } from '../../i18n';
import { RuntimeProvider } from '../../lib/api';
import { testConfig } from '../../test/render-app';
import { CatalogPicker } from './catalog-picker';
import { defaultOption, sizeOptions, type CatalogPick } from './catalog-pick';
import { catalogPickerStrings } from './i18n/strings';

// Rendered without the lazy wrapper that loads them in the app.
await loadStrings(catalogPickerStrings);

const product = (id: string, sku: string, name: string, extra: Partial<Product> = {}): Product => ({
  id,
  sku,
  name,
  brand: 'nike',
  productType: 'sneakers',
  imageUrl: `https://media.example.com/catalog/${sku}.svg`,
  releaseDate: '2021-03-10',
  retailPrice: 11000,
  currency: 'EUR',
  colorway: 'White/Black',
  gender: 'men',
  marketplaceSlug: null,
  marketplaceProductId: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

const variant = (id: string, label: string, size: Partial<Variant['size']>): Variant => ({
  id,
  productId: 'p-1',
  label,
  retailPrice: null,
  size: { brand: 'nike', eu: null, usM: null, usW: null, uk: null, jpCm: null, ...size },
  marketplaceVariantId: null,
  gtin: null,
  updatedAt: '2026-01-01T00:00:00Z',
});

const dunk = product('p-1', 'DD1391-100', 'nike dunk low retro og');
const jordan = product('p-2', 'DZ5485-612', 'air jordan 1 retro high og');
const samba = product('p-3', 'B75806', 'adidas samba og', { brand: 'adidas', imageUrl: null });
const dunkVariants = [
  variant('v-44', 'US M 10', { eu: '44', usM: '10' }),
  variant('v-425', 'US M 9', { eu: '42.5', usM: '9' }),
  variant('v-40', 'US M 7', { eu: '40', usM: '7' }),
];

interface Answers {
  search?: (q: string) => Response;
  products?: Record<string, Variant[]>;
}

function renderPicker(answers: Answers = {}, initial: CatalogPick | null = null, preferredSizes?: string[]) {
  const changes: (CatalogPick | null)[] = [];
  const manual: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/catalog/products') {
      const q = url.searchParams.get('q') ?? '';
      if (answers.search) return answers.search(q);
      const products = [dunk, jordan, samba].filter((p) =>
        `${p.name} ${p.sku} ${p.brand}`.toLowerCase().includes(q.toLowerCase()),
      );
      return Response.json({ products, total: products.length, page: 1, pageSize: 24 });
    }
    const id = /^\/api\/catalog\/products\/([^/]+)$/.exec(url.pathname)?.[1];
    const found = [dunk, jordan, samba].find((p) => p.id === id);
    if (found) return Response.json({ product: found, variants: answers.products?.[found.id] ?? [] });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
  });
  function Host() {
    const [value, setValue] = useState<CatalogPick | null>(initial);
    return (
      <CatalogPicker
        value={value}
        preferredSizes={preferredSizes}
        onChange={(pick) => {
          changes.push(pick);
          setValue(pick);
        }}
        onManual={(query) => manual.push(query)}
      />
    );
  }
  render(
    <RuntimeProvider
      runtime={{
        config: testConfig,
        api: createApiClient({ baseUrl: testConfig.apiBaseUrl, fetch: fetchMock, getToken: () => 'token' }),
      }}
    >
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Host />
      </QueryClientProvider>
    </RuntimeProvider>,
  );
  const searches = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname === '/api/catalog/products')
      .map((url) => url.searchParams.get('q'));
  return { changes, manual, searches, input: screen.getByRole('combobox') as HTMLInputElement };
}

const type = (input: HTMLElement, text: string) => {
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
};
const key = (input: HTMLElement, name: string) => fireEvent.keyDown(input, { key: name });

afterEach(() => {
  vi.useRealTimers();
});

describe('catalogue picker', () => {
  it('searches once typing pauses for 300 ms, not on every keystroke', async () => {
    vi.useFakeTimers();
    const { input, searches } = renderPicker();
    fireEvent.focus(input);
    type(input, 'dunk');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(searches()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches()).toEqual(['dunk']);
    // A pause mid-word searches what was typed so far; the rest waits for the next pause.
    type(input, 'dunk low');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(searches()).toEqual(['dunk']);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(searches()).toEqual(['dunk', 'dunk low']);
  });

  it('is a combobox driven by the keyboard: arrows, Enter picks, the count is announced', async () => {
    const { input, changes } = renderPicker({ products: { 'p-1': dunkVariants } });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(input);
    type(input, 'o');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(screen.getByTestId('catalog-picker-status').textContent).toBe(
      '3 products match. Use the arrow keys to choose.',
    );
    // Display formatting: title case with OG upper-case, SKU and brand upper-cased.
    expect(within(options[0]!).getByText('Nike Dunk Low Retro OG')).toBeTruthy();
    expect(within(options[0]!).getByText('DD1391-100 · NIKE')).toBeTruthy();
    expect(within(options[2]!).getByText('B75806 · ADIDAS')).toBeTruthy();
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    key(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');
    key(input, 'ArrowUp');
    key(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    // Enter in the box never submits the surrounding form.
    expect(enter).toBe(false);
    const size = (await screen.findByTestId('catalog-picker-size')) as HTMLSelectElement;
    expect(changes).toEqual([
      {
        productCatalogId: 'p-1',
        productVariantId: 'v-40',
        sku: 'DD1391-100',
        name: 'nike dunk low retro og',
        brand: 'nike',
        colorway: 'White/Black',
        imageUrl: 'https://media.example.com/catalog/DD1391-100.svg',
        size: 'EU 40',
      },
    ]);
    // Sizes smallest first, EU with US M beside it; focus moves on to the size.
    expect([...size.options].map((o) => o.textContent)).toEqual([
      'EU 40 · US 7',
      'EU 42.5 · US 9',
      'EU 44 · US 10',
    ]);
    // The focus moves in the picked card's mount effect; on a busy machine the assertion can run first.
    await waitFor(() => expect(document.activeElement).toBe(size));
    expect(screen.getByTestId('catalog-picker-selected-name').textContent).toBe('Nike Dunk Low Retro OG');
    expect(screen.getByRole('img').getAttribute('src')).toBe(dunk.imageUrl);

    fireEvent.change(size, { target: { value: 'v-425' } });
    expect(changes.at(-1)).toMatchObject({ productVariantId: 'v-425', size: 'EU 42.5' });
  });

  it('closes the list on Escape, clears the box on a second Escape, and closes on Tab', async () => {
    const { input } = renderPicker();
    fireEvent.focus(input);
    type(input, 'jordan');
    await screen.findAllByRole('option');
    key(input, 'ArrowDown');
    const escape = fireEvent.keyDown(input, { key: 'Escape' });
    // Claimed: a dialog around the picker stays open.
    expect(escape).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('jordan');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    key(input, 'Tab');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    key(input, 'Escape');
    expect(input.value).toBe('');
    // With nothing to close or clear, Escape is left to the dialog.
    expect(fireEvent.keyDown(input, { key: 'Escape' })).toBe(true);
  });

  it('says when nothing matches and offers manual entry with what was typed', async () => {
    const { input, manual } = renderPicker();
    fireEvent.focus(input);
    type(input, 'zz999');
    expect(await screen.findByTestId('catalog-picker-empty')).toHaveProperty(
      'textContent',
      'No products match “zz999”.',
    );
    expect(screen.getByTestId('catalog-picker-status').textContent).toBe('No products match “zz999”.');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('catalog-picker-manual-empty'));
    expect(manual).toEqual(['zz999']);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows loading while typing and an error with a retry when the search fails', async () => {
    let fail = true;
    const { input, searches } = renderPicker({
      search: () =>
        fail
          ? Response.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 })
          : Response.json({ products: [samba], total: 30, page: 1, pageSize: 24 }),
    });
    fireEvent.focus(input);
    type(input, 'samba');
    expect(screen.getByTestId('catalog-picker-loading').textContent).toBe('Searching the catalogue...');
    expect(await screen.findByTestId('catalog-picker-error')).toBeTruthy();
    expect(screen.getByTestId('catalog-picker-status').textContent).toBe(
      'The catalogue could not be searched. Try again.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option')).toBeTruthy();
    expect(searches()).toEqual(['samba', 'samba']);
    expect(screen.getByText('Showing the first 1 of 30: type more to narrow the search.')).toBeTruthy();
  });

  it('picks with the mouse; Change clears the pick and goes back to the search', async () => {
    const { input, changes } = renderPicker({ products: { 'p-3': [] } });
    fireEvent.focus(input);
    type(input, 'samba');
    fireEvent.click(await screen.findByRole('option'));
    expect(await screen.findByTestId('catalog-picker-no-sizes')).toBeTruthy();
    expect(changes).toEqual([
      expect.objectContaining({ productCatalogId: 'p-3', productVariantId: null, size: null }),
    ]);
    // No image in the catalogue: the placeholder, never a broken image.
    expect(screen.getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const change = screen.getByTestId('catalog-picker-change');
    // The focus moves in the picked card's mount effect; on a busy machine the assertion can run first.
    await waitFor(() => expect(document.activeElement).toBe(change));
    fireEvent.click(change);
    expect(changes.at(-1)).toBeNull();
    const again = screen.getByRole('combobox');
    expect(document.activeElement).toBe(again);
    expect((again as HTMLInputElement).value).toBe('');
  });

  it('starts a pick on a size the form already holds', async () => {
    const { input, changes } = renderPicker({ products: { 'p-1': dunkVariants } }, null, ['42.5']);
    fireEvent.focus(input);
    type(input, 'dunk');
    fireEvent.click(await screen.findByRole('option'));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ productVariantId: 'v-425', size: 'EU 42.5' });
  });

  it('shows a linked product with its sizes when the form opens on one', async () => {
    renderPicker(
      { products: { 'p-1': dunkVariants } },
      {
        productCatalogId: 'p-1',
        productVariantId: 'v-44',
        sku: dunk.sku,
        name: dunk.name,
        brand: dunk.brand,
        colorway: dunk.colorway,
        imageUrl: dunk.imageUrl,
        size: 'EU 44',
      },
    );
    expect(screen.getByTestId('catalog-picker-selected-name').textContent).toBe('Nike Dunk Low Retro OG');
    const size = screen.getByTestId('catalog-picker-size') as HTMLSelectElement;
    await waitFor(() => expect(size.disabled).toBe(false));
    expect(size.value).toBe('v-44');
    // Opening a form does not steal the focus.
    expect(document.activeElement).toBe(document.body);
  });
});

describe('catalogue sizes: default size EU else US M (docs/product/catalogue.md#products-and-variants)', () => {
  it('labels a variant in EU, else US M, else by its own label', () => {
    const options = sizeOptions([
      variant('a', 'US M 9', { eu: '42.5', usM: '9' }),
      variant('b', 'US M 11', { usM: '11' }),
      variant('c', 'Kids 3Y', {}),
    ]);
    expect(options.map((o) => [o.variantId, o.size, o.label])).toEqual([
      ['b', 'US 11', 'US 11'],
      ['a', 'EU 42.5', 'EU 42.5 · US 9'],
      ['c', 'KIDS 3Y', 'KIDS 3Y'],
    ]);
  });

  it('starts on the smallest size known in EU or US M, or on a size the form holds', () => {
    const variants = [
      variant('kids', 'Kids 3Y', {}),
      variant('us10', 'US M 10', { usM: '10' }),
      variant('eu40', 'US M 7', { eu: '40', usM: '7' }),
    ];
    expect(defaultOption(variants)?.variantId).toBe('us10');
    expect(defaultOption(variants, ['US 7'])?.variantId).toBe('us10');
    expect(defaultOption(variants, ['40'])?.variantId).toBe('eu40');
    expect(defaultOption(variants, ['10'])?.variantId).toBe('us10');
    expect(defaultOption([variant('kids', 'Kids 3Y', {})])?.variantId).toBe('kids');
    expect(defaultOption([])).toBeUndefined();
  });
});
