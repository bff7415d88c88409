import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { renderApp } from '../../../test/render-app';
import { SIZE_SYSTEM_STORAGE_KEY } from '../model/sizes';
import { apiError, dunk, samba, store } from '../../../test/storefront-fixtures';

function storeRoute(seen: URL[]) {
  return (url: URL) => {
    if (url.pathname !== '/api/store/st-1') return undefined;
    seen.push(url);
    const brand = url.searchParams.get('brand');
    const q = url.searchParams.get('q')?.toLowerCase();
    const products = [dunk, samba].filter(
      (p) => (!brand || p.brand === brand) && (!q || `${p.name} ${p.sku}`.toLowerCase().includes(q)),
    );
    return Response.json({ store, products, cursor: null });
  };
}

describe('the storefront', () => {
  it('shows the header and the cards, sizes in EU by default (3 badges and +N on phones)', async () => {
    renderApp('/store/st-1', storeRoute([]));
    const cards = await screen.findAllByTestId('store-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Kicks Corner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@kicks.example' }).getAttribute('href')).toBe(
      'mailto:hello@kicks.example',
    );
    const first = within(cards[0]!);
    expect(first.getByText('DD1391-100', { exact: false }).className).toContain('uppercase');
    expect(first.getByText('EU 42')).toBeTruthy();
    expect(first.getByText('EU 43').className).toContain('inline-flex');
    // The 4th and 5th sizes are hidden on phones, counted in the phone's '+2'.
    expect(first.getByText('EU 44').className).toContain('hidden sm:inline-flex');
    expect(first.getByText('+2').className).toContain('sm:hidden');
    // A size the chart does not know keeps its label.
    expect(within(cards[1]!).getByText('BULK')).toBeTruthy();
    expect(cards[0]!.querySelector('a')?.getAttribute('href')).toBe('/store/st-1/product/p-dunk');
  });

  it('shows the sizes in the chosen system and remembers it', async () => {
    renderApp('/store/st-1', storeRoute([]));
    await screen.findAllByTestId('store-card');
    fireEvent.change(screen.getByTestId('size-system'), { target: { value: 'usM' } });
    expect(screen.getByText('US 9')).toBeTruthy();
    expect(screen.queryByText('EU 42.5')).toBeNull();
    expect(window.localStorage.getItem(SIZE_SYSTEM_STORAGE_KEY)).toBe('usM');
  });

  it('opens in the remembered size system', async () => {
    window.localStorage.setItem(SIZE_SYSTEM_STORAGE_KEY, 'uk');
    renderApp('/store/st-1', storeRoute([]));
    await screen.findAllByTestId('store-card');
    expect(screen.getByText('UK 8')).toBeTruthy();
  });

  it('searches (debounced) and filters by brand, size in the buyer system and price on the server', async () => {
    const seen: URL[] = [];
    renderApp('/store/st-1', storeRoute(seen));
    await screen.findAllByTestId('store-card');
    fireEvent.change(screen.getByTestId('store-search'), { target: { value: 'dd1391' } });
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(1));
    expect(seen.at(-1)?.searchParams.get('q')).toBe('dd1391');

    fireEvent.change(screen.getByTestId('store-search'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(2));
    fireEvent.change(screen.getByTestId('size-system'), { target: { value: 'usM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByTestId('store-filters');
    fireEvent.change(within(panel).getByLabelText('Brand'), { target: { value: 'Nike' } });
    fireEvent.change(within(panel).getByLabelText('Size'), { target: { value: '9' } });
    fireEvent.change(within(panel).getByLabelText('Lowest price (EUR)'), { target: { value: '100' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Show products' }));
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(1));
    const last = seen.at(-1)!.searchParams;
    expect(Object.fromEntries(last)).toMatchObject({ brand: 'Nike', size: '9', system: 'usM', min: '10000' });
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeTruthy();

    fireEvent.change(screen.getByTestId('store-sort'), { target: { value: 'price_asc' } });
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('sort')).toBe('price_asc'));
  });

  it('says when nothing matches', async () => {
    renderApp('/store/st-1', storeRoute([]));
    await screen.findAllByTestId('store-card');
    fireEvent.change(screen.getByTestId('store-search'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No products match your search.')).toBeTruthy();
  });

  it('shows the not-found page for an unknown store', async () => {
    renderApp('/store/nope', () => apiError(404, 'STOREFRONT_NOT_FOUND'));
    expect(await screen.findByText('Store not found')).toBeTruthy();
  });
});
