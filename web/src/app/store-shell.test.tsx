import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../test/setup';
import { loadStrings } from '../i18n';
import { shopStrings } from '../features/shop';
import { dunk, dunkProduct, samba, store } from '../test/storefront-fixtures';
import { testConfig } from '../test/render-app';
import { ThemeProvider } from '../lib/theme';
import type * as storeLive from './store-live';
import { storeProviders } from './store-live';
import { StoreShell } from './store-shell';

// Counts the loads of store.html's data layer (its API client and query cache).
vi.mock('./store-live', async (original) => {
  const real = await original<typeof storeLive>();
  return { storeProviders: vi.fn(real.storeProviders) };
});

/** The store shell on its first data; the toaster (lazy, after the first paint) needs the theme, as in the store page. */
const renderStoreShell = () =>
  render(
    <ThemeProvider>
      <StoreShell
        config={testConfig}
        initial={{ kind: 'store', answer: { store, products: [dunk], cursor: null } }}
      />
    </ThemeProvider>,
  );

describe('store.html', () => {
  // First: no earlier test's shell has loaded the toaster's chunk yet.
  it("loads the toaster's code only a moment after the first paint", async () => {
    await loadStrings(shopStrings);
    window.history.replaceState(null, '', '/store/st-1');
    vi.useFakeTimers();
    try {
      renderStoreShell();
      await act(() => vi.advanceTimersByTimeAsync(1400));
      await vi.dynamicImportSettled();
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.queryByRole('region', { name: /notifications/i })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(100));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });

  it('paints the storefront from the inline first data without asking the API, then navigates in place', async () => {
    await loadStrings(shopStrings);
    window.history.replaceState(null, '', '/store/st-1');
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/store/st-1/products/p-dunk')
        return Response.json({ store, product: dunkProduct });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderStoreShell();
    expect(await screen.findAllByTestId('store-card')).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: /Nike Dunk Low Panda/ }));
    expect(window.location.pathname).toBe('/store/st-1/product/p-dunk');
    expect(await screen.findByTestId('size-picker', {}, { timeout: 20_000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/');
  });

  it('loads the data layer on the buyer\'s first move, not on its own, and carries out an early "Load more"', async () => {
    await loadStrings(shopStrings);
    window.history.replaceState(null, '', '/store/st-1');
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname !== '/api/store/st-1')
        return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
      const second = url.searchParams.get('cursor') === 'c-2';
      return Response.json({ store, products: [second ? samba : dunk], cursor: second ? null : 'c-2' });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(storeProviders).mockClear();
    render(
      // The toaster (lazy, after the first paint) needs the theme, as in the store page.
      <ThemeProvider>
        <StoreShell
          config={testConfig}
          initial={{ kind: 'store', answer: { store, products: [dunk], cursor: 'c-2' } }}
        />
      </ThemeProvider>,
    );
    expect(await screen.findAllByTestId('store-card')).toHaveLength(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storeProviders).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(2));
    expect(storeProviders).toHaveBeenCalledTimes(1);
    expect(
      fetchMock.mock.calls.map(([input]) => new URL(String(input)).searchParams.get('cursor')),
    ).toContain('c-2');
    window.history.replaceState(null, '', '/');
  });
});
