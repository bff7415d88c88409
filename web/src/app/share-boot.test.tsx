import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../test/setup';
import { firstPublicPageUrl } from '../features/public-list';
import { ThemeProvider } from '../lib/theme';
import { publicItem, publicOwner } from '../test/public-list-fixtures';
import { testConfig } from '../test/render-app';
import { ShareBoot } from './share-boot';
import { EarlyResponses } from './share-prefetch';

const owner = publicOwner({ userId: 'u-1' });
const items = [publicItem({ id: 'a', sizes: ['42'] })];

describe('share entry', () => {
  it('renders a shared list from the early first page, without a second request', async () => {
    const network = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.endsWith('/facets')) return Response.json({ sizes: ['42'], brands: ['Nike'], total: 1 });
      return Response.json({ owner, listType: 'wtb', items, cursor: null });
    });
    const early = new EarlyResponses(network);
    early.start(firstPublicPageUrl(testConfig.apiBaseUrl, 'u-1', 'wtb'));
    render(
      <ThemeProvider>
        <ShareBoot
          target={{ userId: 'u-1', listType: 'wtb' }}
          early={early}
          loadConfig={() => Promise.resolve(testConfig)}
        />
      </ThemeProvider>,
    );
    expect(await screen.findAllByTestId('public-item-card')).toHaveLength(1);
    expect(screen.getByText('Sample Sneaker Store')).toBeTruthy();
    const pageRequests = network.mock.calls.filter(([input]) => String(input).includes('?limit='));
    expect(pageRequests).toHaveLength(1);
  });

  it('shows the retry screen when /config.json fails, and recovers', async () => {
    let fail = true;
    const network = vi.fn<typeof fetch>(async () =>
      Response.json({ owner, listType: 'wtb', items, cursor: null }),
    );
    render(
      <ThemeProvider>
        <ShareBoot
          target={{ userId: 'u-1', listType: 'wtb' }}
          early={new EarlyResponses(network)}
          loadConfig={() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(testConfig))}
        />
      </ThemeProvider>,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getAllByTestId('public-item-card')).toHaveLength(1));
  });
});
