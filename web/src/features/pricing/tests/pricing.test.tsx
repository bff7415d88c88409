import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../../test/setup';
import { createApiClient, type PricingThing } from '@sneakers/shared';
import { loadStrings } from '../../../i18n';
import { testConfig } from '../../../test/render-app';
import { RuntimeProvider } from '../../../lib/api';
import { setAuthStateForTests } from '../../../lib/session/auth-store';
import { PricingSection } from '../components/pricing-section';
import { pricingStrings } from '../i18n/strings';

// Rendered without the lazy screen that loads them in the app.
await loadStrings(pricingStrings);

const thing = (id: string, name: string): PricingThing => ({
  id,
  name,
  processedAt: null,
  createdAt: '2026-02-01T10:00:00Z',
});

/** The section alone, signed in, answering the list route with `pages` by cursor. */
function renderSection(pages: Record<string, { things: PricingThing[]; cursor: string | null }>) {
  setAuthStateForTests({ status: 'signed-in', userId: 'u-1', email: 'kicks@example.com' }, testConfig);
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const page = pages[url.searchParams.get('cursor') ?? ''];
    if (url.pathname === '/api/pricing/things' && page) return Response.json(page);
    // The session reads the caller's profile; this section needs none.
    if (url.pathname === '/api/profile') return Response.json({ profile: null });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <RuntimeProvider
      runtime={{
        config: testConfig,
        api: createApiClient({ baseUrl: testConfig.apiBaseUrl, fetch: fetchMock, getToken: () => 'token' }),
      }}
    >
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PricingSection />
      </QueryClientProvider>
    </RuntimeProvider>,
  );
  return fetchMock;
}

describe('pricing section', () => {
  it('lists the things and loads the next page on demand', async () => {
    renderSection({
      '': { things: [thing('t-2', 'Second')], cursor: 'next' },
      next: { things: [thing('t-1', 'First')], cursor: null },
    });
    expect(await screen.findByText('Second')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('pricing-things-load-more'));
    expect(await screen.findByText('First')).toBeTruthy();
    expect(screen.getAllByTestId('pricing-thing-row')).toHaveLength(2);
    expect(screen.queryByTestId('pricing-things-load-more')).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    renderSection({ '': { things: [], cursor: null } });
    expect((await screen.findByTestId('pricing-things-empty')).textContent).toBe('Nothing here yet.');
  });
});
