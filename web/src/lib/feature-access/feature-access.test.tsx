import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../test/setup';
import { createApiClient } from '@sneakers/shared';
import * as rules from '@sneakers/shared/rules/feature-access';
import { RuntimeProvider } from '../api';
import { testConfig } from '../../test/render-app';
import { DEMO_STORAGE_KEY } from '../demo/demo-mode';
import { sampleFlag, storeAccess } from '../../test/feature-access-support';
import { useFeatureAccess } from './feature-access';
import { createSeenReporter } from './report-seen';

// The module's own exports, observed: the hook must call THE shared decision, not a copy.
vi.mock('@sneakers/shared/rules/feature-access', { spy: true });

const access = storeAccess(
  [sampleFlag('beta', { rolloutPercentage: 100 }), sampleFlag('gated', { gates: ['offers'] })],
  { gated: true },
);

function setup(identity: string | null) {
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/feature-access/me') return Response.json(access);
    if (url.pathname === '/api/feature-access/startup-gate') return Response.json({ startupGate: true });
    if (url.pathname === '/api/feature-access/seen') {
      posted.push(JSON.parse(String(init?.body)));
      return Response.json({ recorded: 1 });
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
  });
  const api = createApiClient({ baseUrl: testConfig.apiBaseUrl, fetch: fetchMock, getToken: () => 'token' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeProvider runtime={{ config: testConfig, api }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </RuntimeProvider>
  );
  const reporter = createSeenReporter({ delayMs: 10 });
  const hook = renderHook(() => useFeatureAccess(identity, reporter), { wrapper });
  return { hook, posted };
}

describe('useFeatureAccess', () => {
  it('decides with the shared decideFeature, on the data flags.me sent', async () => {
    const { hook } = setup('user:u-1');
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    vi.mocked(rules.decideFeature).mockClear();
    expect(hook.result.current.decide('beta')).toEqual({ allowed: true, step: 'rollout' });
    expect(rules.decideFeature).toHaveBeenCalledWith('beta', access.subject, access.data, {
      now: expect.any(Date),
      localBypass: false,
    });
    // A changed shared rule changes the SPA's answer: no second implementation to drift.
    vi.mocked(rules.decideFeature).mockReturnValueOnce({ allowed: false, step: 'flag-disabled' });
    expect(hook.result.current.has('beta')).toBe(false);
    expect(hook.result.current.canOpen('offers')).toBe(true);
    expect(rules.canOpenSection).toHaveBeenCalledWith('offers', access.subject, access.data, {
      now: expect.any(Date),
      localBypass: false,
    });
  });

  it("reports the features a signed-in user's page decided, once", async () => {
    const { hook, posted } = setup('user:u-1');
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    hook.result.current.decide('beta');
    hook.result.current.decide('beta');
    hook.result.current.canOpen('offers');
    await waitFor(() => expect(posted).toEqual([{ features: ['beta', 'gated'] }]));
  });

  it('reports nothing in demo mode or for a visitor', async () => {
    window.localStorage.setItem(DEMO_STORAGE_KEY, 'true');
    const demo = setup('user:demo-store');
    await waitFor(() => expect(demo.hook.result.current.status).toBe('ready'));
    demo.hook.result.current.decide('beta');
    window.localStorage.removeItem(DEMO_STORAGE_KEY);

    const visitor = setup('visitor');
    await waitFor(() => expect(visitor.hook.result.current.status).toBe('ready'));
    // A visitor reads only the start-up gate and has no features.
    expect(visitor.hook.result.current.startupGate).toBe(true);
    expect(visitor.hook.result.current.decide('beta')).toEqual({ allowed: false, step: 'no-user' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(demo.posted).toEqual([]);
    expect(visitor.posted).toEqual([]);
  });
});
