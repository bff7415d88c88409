import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ComingSoonSettings } from '@sneakers/shared';
import '../test/setup';
import { renderApp as renderWith } from '../test/render-app';
import { demoFallbackProfile } from '../lib/demo/demo-fallback-profile';

function renderApp(path: string, comingSoon: () => ComingSoonSettings | null = () => null) {
  return renderWith(path, (url) =>
    url.pathname === '/api/settings/coming-soon' ? Response.json({ settings: comingSoon() }) : undefined,
  );
}

const enabled = (title: string): ComingSoonSettings => ({
  id: 'coming-soon',
  isEnabled: true,
  title,
  subtitle: 'Soon.',
  launchDate: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('app routes', () => {
  it('shows the landing page, and Try Demo opens the demo dashboard', async () => {
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByTestId('try-demo'));

    const sidebar = await screen.findByTestId('sidebar');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem('demo_mode')).toBe('true');
    expect(within(sidebar).getByTestId('demo-badge').textContent).toBe('Demo');
    expect(within(sidebar).getByText('Demo Sneaker Store')).toBeTruthy();
    expect(within(sidebar).getByTestId('role-badge').textContent).toBe('Store');
    expect(await screen.findByRole('heading', { name: 'Welcome, Demo Sneaker Store' })).toBeTruthy();
    expect(within(sidebar).getByTestId('nav-dashboard').getAttribute('aria-current')).toBe('page');
    // A store without superuser rights: Store Management yes, Administration and size chart no.
    expect(within(sidebar).getByTestId('sidebar-group-store')).toBeTruthy();
    expect(within(sidebar).queryByTestId('sidebar-group-admin')).toBeNull();
    expect(within(sidebar).queryByTestId('nav-size-chart')).toBeNull();
    expect(within(sidebar).getByTestId('sidebar-group-main').getAttribute('aria-expanded')).toBe('true');
  });

  it("opens sections by path and ?page=, with breadcrumb and the demo store's data", async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const { router, fetchMock } = renderWith('/dashboard?page=pricing-strategies', (url, init) => {
      if (url.pathname === '/api/demo/session')
        return Response.json({
          accessToken: 'demo-token',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        });
      // The demo identity reads the demo store's own rows, like any store.
      if (new Headers(init?.headers).get('authorization') !== 'Bearer token') return undefined;
      if (url.pathname === '/api/profile') return Response.json({ profile: demoFallbackProfile() });
      if (url.pathname === '/api/pricing/strategies') return Response.json({ strategies: [] });
      if (url.pathname === '/api/clients')
        return Response.json({
          clients: [
            {
              id: 'c-1',
              name: 'Lucía Fernández',
              email: 'lucia@example.com',
              phone: '+34 611223344',
              instagramHandle: null,
              bookingCount: 2,
              createdAt: '2026-11-01T00:00:00.000Z',
              updatedAt: '2026-11-01T00:00:00.000Z',
            },
          ],
          cursor: null,
        });
      return undefined;
    });
    // Every section has its screen now: pricing strategies reads the demo store's strategies (none here).
    expect((await screen.findByTestId('pricing-strategies-empty')).textContent).toContain(
      'No strategies yet',
    );
    expect(screen.getByTestId('nav-pricing-strategies').getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByTestId('nav-clients'));
    expect(router.state.location.pathname).toBe('/dashboard/clients');
    // Demo mode is a session as the demo store: its clients, not a "not available" panel.
    expect((await screen.findByTestId('client-row')).textContent).toContain('Lucía Fernández');
    expect(fetchMock.mock.calls.some(([input]) => new URL(String(input)).pathname === '/api/clients')).toBe(
      true,
    );
    expect(
      within(screen.getByTestId('breadcrumb')).getByRole('link', { name: 'Clients' }).getAttribute('href'),
    ).toBe('/dashboard/clients');

    await act(() => router.navigate('/dashboard/clients/c-42'));
    const crumbs = screen.getByTestId('breadcrumb');
    expect(within(crumbs).getByRole('link', { name: 'Dashboard home' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(crumbs).getByText('Client details').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-clients').getAttribute('aria-current')).toBe('page');
  });

  it('exits demo mode by clearing the flag (then a fresh load of / shows the landing page)', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('exit-demo'));
    // jsdom cannot load a document; the Playwright journey checks the landing page after it.
    expect(window.localStorage.getItem('demo_mode')).toBeNull();
  });

  it('sends visitors without a session from /dashboard to /auth', async () => {
    const { router } = renderApp('/dashboard/inventory');
    expect(await screen.findByTestId('tab-signin')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the coming-soon page when enabled and follows realtime invalidations', async () => {
    let title = 'First title';
    const { queryClient } = renderApp('/', () => enabled(title));
    expect((await screen.findByTestId('coming-soon-title')).textContent).toBe('First title');

    title = 'Updated by an admin';
    await act(() => queryClient.invalidateQueries({ queryKey: ['settings.comingSoon'] }));
    expect((await screen.findByText('Updated by an admin')).getAttribute('data-testid')).toBe(
      'coming-soon-title',
    );
  });

  it('shows the not-found page for any other path', async () => {
    renderApp('/no/such/page');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Page not found');
  });
});
