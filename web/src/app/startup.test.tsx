import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import '../test/setup';
import { changeLanguage } from '../i18n';
import { renderApp, testConfig } from '../test/render-app';
import { fetchStartupGateOn, LandingShell } from './landing-shell';

const NO_DATA = { flags: [], rules: [], grants: {}, overrides: [] };

/** The flags routes with the start-up gate on: a visitor reads the gate alone, a user their access. */
const gateOn = (url: URL) =>
  url.pathname === '/api/feature-access/startup-gate'
    ? Response.json({ startupGate: true })
    : url.pathname === '/api/feature-access/me'
      ? Response.json({ subject: null, data: NO_DATA, startupGate: true })
      : undefined;

afterEach(() => changeLanguage('en'));

describe('start-up', () => {
  it("shows a centred 'Loading...' while the features load, then the screen", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderApp('/theme-test', (url) =>
      url.pathname === '/api/feature-access/startup-gate'
        ? answered.then(() => Response.json({ startupGate: false }))
        : undefined,
    );
    expect((await screen.findByRole('status')).textContent).toContain('Loading...');
    expect(screen.queryByTestId('theme-flags')).toBeNull();
    release();
    expect(await screen.findByTestId('theme-flags')).toBeTruthy();
  });

  it('with the start-up gate on, a visitor sees the gate screen everywhere but /auth/*', async () => {
    const { router } = renderApp('/dashboard/inventory', gateOn);
    const gate = await screen.findByTestId('startup-gate');
    expect(gate.textContent).toContain('Sign in to continue');
    expect(screen.getByTestId('startup-gate-sign-in').getAttribute('href')).toBe('/auth');

    await router.navigate('/theme-test');
    expect(await screen.findByTestId('startup-gate')).toBeTruthy();
    await router.navigate('/auth');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByTestId('startup-gate')).toBeNull();
    await router.navigate('/auth/reset-password');
    await waitFor(() => expect(screen.queryByTestId('startup-gate')).toBeNull());
  });

  it('the gate speaks Spanish too', async () => {
    await changeLanguage('es');
    renderApp('/', gateOn);
    expect((await screen.findByTestId('startup-gate')).textContent).toContain('Inicia sesión para continuar');
  });

  it('a signed-in user passes the gate', async () => {
    renderApp('/theme-test', gateOn, { status: 'signed-in', userId: 'u-1', email: 'u@example.com' });
    expect(await screen.findByTestId('theme-flags')).toBeTruthy();
    expect(screen.queryByTestId('startup-gate')).toBeNull();
  });

  it('a failed feature read never blocks the app', async () => {
    const down = () =>
      Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Down.' } }, { status: 500 });
    const reads: string[] = [];
    // A visitor reads the start-up gate, a signed-in user their access: both fail here.
    const featuresDown = (url: URL) => {
      if (!url.pathname.startsWith('/api/feature-access/')) return undefined;
      reads.push(url.pathname);
      return down();
    };
    renderApp('/theme-test', featuresDown);
    expect(await screen.findByTestId('theme-flags')).toBeTruthy();
    expect(reads).toContain('/api/feature-access/startup-gate');
    expect(screen.queryByTestId('startup-gate')).toBeNull();
    cleanup();

    renderApp('/theme-test', featuresDown, { status: 'signed-in', userId: 'u-1', email: 'u@example.com' });
    expect(await screen.findByTestId('theme-flags')).toBeTruthy();
    expect(reads).toContain('/api/feature-access/me');
  });
});

describe('start-up gate on the landing page', () => {
  it('reads the flag with a plain fetch; a failure keeps the landing page', async () => {
    const answer = (body: unknown, status = 200) => vi.fn(async () => Response.json(body, { status }));
    expect(await fetchStartupGateOn('http://api.test', answer({ startupGate: true }))).toBe(true);
    expect(await fetchStartupGateOn('http://api.test', answer({ startupGate: false }))).toBe(false);
    expect(await fetchStartupGateOn('http://api.test', answer({ error: {} }, 500))).toBe(false);
    const offline = vi.fn(async () => Promise.reject(new TypeError('offline')));
    expect(await fetchStartupGateOn('http://api.test', offline)).toBe(false);
  });

  it('hands a visitor to the full app (its gate screen) when the gate is on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input)).pathname === '/api/feature-access/startup-gate'
          ? Response.json({ startupGate: true })
          : Response.json({ settings: null }),
      ),
    );
    const onEnterApp = vi.fn();
    render(<LandingShell config={{ ...testConfig, wsUrl: '' }} onEnterApp={onEnterApp} />);
    await waitFor(() => expect(onEnterApp).toHaveBeenCalledWith('/'));
  });
});
