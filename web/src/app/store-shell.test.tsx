import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../test/setup';
import { loadStrings } from '../i18n';
import { shopStrings } from '../features/shop';
import { dunk, dunkProduct, store } from '../test/storefront-fixtures';
import { testConfig } from '../test/render-app';
import { StoreShell } from './store-shell';

describe('store.html', () => {
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
    render(
      <StoreShell
        config={testConfig}
        initial={{ kind: 'store', answer: { store, products: [dunk], cursor: null } }}
      />,
    );
    expect(await screen.findAllByTestId('store-card')).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: /Nike Dunk Low Panda/ }));
    expect(window.location.pathname).toBe('/store/st-1/product/p-dunk');
    expect(await screen.findByTestId('size-picker')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/');
  });
});
