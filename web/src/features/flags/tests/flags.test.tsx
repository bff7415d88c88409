import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { AdminUser, FeatureFlag } from '@sneakers/shared';
import { loadStrings } from '../../../i18n';
import type { Route } from '../../../test/render-app';
import { dashboardStrings } from '../../../app/dashboard/i18n/strings';
import { FlagsSection } from '../components/flags-section';
import { flagsStrings } from '../i18n/strings';
import { renderWithApi, sampleFlag } from '../../../test/feature-access-support';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';

// Rendered without the lazy screen (and the dashboard shell) that load them in the app.
await loadStrings(flagsStrings, dashboardStrings);

const storeUser: AdminUser = {
  userId: 'u-store',
  businessName: 'Kicks Madrid',
  email: 'kicks@example.com',
  role: 'store',
  plan: 'standard',
  subscriptionStatus: 'active',
  trialEndsAt: '2026-01-15T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  isSuperuser: false,
};

const json = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));
const error = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** The section with `flags` listed and `extra` answering everything else. */
function renderSection(flags: () => FeatureFlag[], extra: Route = () => undefined, isSuperuser = true) {
  const profile = { ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')), userId: 'u-1', isSuperuser };
  return renderWithApi(<FlagsSection />, (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/flags' && (init?.method ?? 'GET') === 'GET')
      return Response.json({ flags: flags() });
    if (url.pathname === '/api/admin/users')
      return Response.json({ users: url.searchParams.get('search') ? [storeUser] : [], cursor: null });
    return undefined;
  });
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('flag-row')).find((r) => r.getAttribute('data-flag') === name)!;

// Dialog-heavy journeys: slower than the default 5 s on a busy 2-core CI machine.
describe('feature flags section', { timeout: 15_000 }, () => {
  it('lists flags with their settings and filters them by search', async () => {
    renderSection(() => [
      sampleFlag('new-checkout', {
        description: 'The new checkout',
        rolloutPercentage: 25,
        targetUserTypes: ['store', 'reseller'],
        gates: ['offers', 'size-chart'],
        lastEvaluatedAt: '2026-02-01T10:00:00Z',
      }),
      sampleFlag('api-playground', { isEnabled: false }),
    ]);
    const row = await rowOf('new-checkout');
    expect(within(row).getByText('The new checkout')).toBeTruthy();
    expect(within(row).getByTestId('flag-targets').textContent).toContain('Store, Consignor');
    expect(within(row).getByTestId('flag-rollout').textContent).toContain('25%');
    expect(within(row).getByTestId('flag-gates').textContent).toContain('Offers, Size Chart');
    expect(within(row).getByTestId('flag-last-evaluated').textContent).not.toContain('Never');
    expect(
      within(await rowOf('api-playground'))
        .getByTestId('flag-enabled')
        .getAttribute('aria-checked'),
    ).toBe('false');

    fireEvent.change(screen.getByTestId('flags-search'), { target: { value: 'CHECKOUT' } });
    expect(screen.getAllByTestId('flag-row').map((r) => r.getAttribute('data-flag'))).toEqual([
      'new-checkout',
    ]);
    fireEvent.change(screen.getByTestId('flags-search'), { target: { value: 'nothing-like-it' } });
    expect(screen.getByTestId('flags-empty').textContent).toBe('No flag matches this search.');
  });

  it('creates a flag: refuses a bad name with the contract message, then sends the dialog values', async () => {
    const bodies: unknown[] = [];
    let flags: FeatureFlag[] = [];
    renderSection(
      () => flags,
      (url, init) => {
        if (url.pathname !== '/api/flags' || init?.method !== 'POST') return undefined;
        bodies.push(json(init));
        if (bodies.length === 1) return error(409, 'FLAG_EXISTS', 'A flag with this name already exists.');
        flags = [sampleFlag('beta-offers', { gates: ['offers'], rolloutPercentage: 30 })];
        return Response.json({ flag: flags[0] });
      },
    );
    expect((await screen.findByTestId('flags-empty')).textContent).toContain('No feature flags yet');
    fireEvent.click(screen.getByTestId('flag-add'));
    const dialog = await screen.findByTestId('flag-form-dialog');
    fireEvent.change(within(dialog).getByTestId('flag-form-name'), { target: { value: 'Beta Offers' } });
    fireEvent.click(within(dialog).getByTestId('flag-form-submit'));
    expect(
      await within(dialog).findByText(
        'Use 1-64 lower-case letters, digits, "-" or "_", starting with a letter or digit',
      ),
    ).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('flag-form-name'), { target: { value: 'beta-offers' } });
    fireEvent.change(within(dialog).getByTestId('flag-form-description'), { target: { value: 'Offers v2' } });
    fireEvent.click(within(dialog).getByTestId('flag-form-enabled'));
    fireEvent.click(within(dialog).getByTestId('flag-form-target-reseller'));
    const slider = within(dialog).getByRole('slider', { name: 'Rollout percentage' });
    fireEvent.change(slider, { target: { value: '30' } });
    expect(within(dialog).getByTestId('flag-form-rollout-value').textContent).toBe('30%');
    expect(slider.getAttribute('aria-valuetext')).toBe('30%');
    expect(slider.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText(/Raising the percentage keeps everyone who had the feature/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('flag-form-gate-offers'));
    fireEvent.click(within(dialog).getByTestId('flag-form-submit'));
    expect(await within(dialog).findByText('A flag with this name already exists.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('flag-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      name: 'beta-offers',
      description: 'Offers v2',
      isEnabled: true,
      targetUserTypes: ['store'],
      rolloutPercentage: 30,
      gates: ['offers'],
    });
    expect(await rowOf('beta-offers')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('flag-form-dialog')).toBeNull());
  });

  it('edits with the version it read; a conflict shows its message and Reload takes the new version', async () => {
    const bodies: unknown[] = [];
    let current = sampleFlag('beta', { version: 3, rolloutPercentage: 10 });
    renderSection(
      () => [current],
      (url, init) => {
        if (url.pathname !== '/api/flags/beta' || init?.method !== 'PATCH') return undefined;
        bodies.push(json(init));
        if (bodies.length === 1) {
          // Someone else saved meanwhile.
          current = { ...current, version: 4, rolloutPercentage: 50 };
          return error(
            409,
            'FLAG_CONFLICT',
            'This flag was changed by someone else. Reload it and try again.',
          );
        }
        current = { ...current, version: 5, rolloutPercentage: 60 };
        return Response.json({ flag: current });
      },
    );
    fireEvent.click(within(await rowOf('beta')).getByTestId('flag-edit'));
    const dialog = await screen.findByTestId('flag-form-dialog');
    expect(within(dialog).queryByTestId('flag-form-name')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('flag-form-rollout'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByTestId('flag-form-submit'));
    const conflict = await within(dialog).findByTestId('flag-form-conflict');
    expect(conflict.textContent).toContain('This flag was changed by someone else. Reload it and try again.');
    expect(bodies[0]).toMatchObject({ version: 3, rolloutPercentage: 20 });

    fireEvent.click(within(conflict).getByTestId('flag-form-reload'));
    await waitFor(() => expect(within(dialog).queryByTestId('flag-form-conflict')).toBeNull());
    expect(within(dialog).getByTestId('flag-form-rollout-value').textContent).toBe('50%');
    fireEvent.change(within(dialog).getByTestId('flag-form-rollout'), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByTestId('flag-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ version: 4, rolloutPercentage: 60 });
    await waitFor(() => expect(screen.queryByTestId('flag-form-dialog')).toBeNull());
  });

  it('deletes a flag only after confirmation', async () => {
    const deleted: string[] = [];
    let flags = [sampleFlag('beta'), sampleFlag('keep-me')];
    renderSection(
      () => flags,
      (url, init) => {
        if (init?.method !== 'DELETE') return undefined;
        deleted.push(url.pathname);
        flags = flags.filter((f) => `/api/flags/${f.name}` !== url.pathname);
        return Response.json({ deleted: true });
      },
    );
    fireEvent.click(within(await rowOf('beta')).getByTestId('flag-delete'));
    const confirm = await screen.findByTestId('flag-delete-dialog');
    expect(within(confirm).getByText('Delete beta?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('flag-delete-dialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(within(await rowOf('beta')).getByTestId('flag-delete'));
    fireEvent.click(await screen.findByTestId('flag-delete-confirm'));
    await waitFor(() => expect(deleted).toEqual(['/api/flags/beta']));
    await waitFor(() =>
      expect(screen.getAllByTestId('flag-row').map((r) => r.getAttribute('data-flag'))).toEqual(['keep-me']),
    );
  });

  it('grants a flag to a user found by a debounced search', async () => {
    const searches: string[] = [];
    const puts: { path: string; body: unknown }[] = [];
    renderSection(
      () => [sampleFlag('beta')],
      (url, init) => {
        if (url.pathname === '/api/admin/users') searches.push(url.searchParams.get('search') ?? '');
        if (url.pathname === '/api/flags/beta/grants') return Response.json({ grants: [] });
        if (url.pathname === '/api/flags/beta/grants/u-store' && init?.method === 'PUT') {
          puts.push({ path: url.pathname, body: json(init) });
          return Response.json({
            grant: { feature: 'beta', ...storeUser, granted: true, updatedAt: '2026-02-01T00:00:00Z' },
          });
        }
        return undefined;
      },
    );
    fireEvent.click(within(await rowOf('beta')).getByTestId('flag-grants'));
    const dialog = await screen.findByTestId('flag-grants-dialog');
    expect(await within(dialog).findByTestId('flag-grants-empty')).toBeTruthy();
    const input = within(dialog).getByTestId('grant-user-input');
    for (const text of ['k', 'ki', 'kicks']) fireEvent.change(input, { target: { value: text } });
    fireEvent.click(await within(dialog).findByTestId('grant-user-result'));
    // Typing three letters asked once, for the settled text.
    expect(searches).toEqual(['kicks']);
    expect(within(dialog).getByTestId('grant-user-selected').textContent).toContain('Kicks Madrid');
    fireEvent.click(within(dialog).getByTestId('grant-allow'));
    await waitFor(() =>
      expect(puts).toEqual([{ path: '/api/flags/beta/grants/u-store', body: { granted: true } }]),
    );
  });

  it('adds a developer override with its expiry as an ISO instant, and marks expired ones', async () => {
    const puts: unknown[] = [];
    renderSection(
      () => [sampleFlag('beta')],
      (url, init) => {
        if (url.pathname === '/api/feature-overrides')
          return Response.json({
            overrides: [
              {
                ...storeUser,
                feature: 'beta',
                enabled: true,
                expiresAt: '2020-01-01T00:00:00Z',
                updatedAt: '2019-12-01T00:00:00Z',
              },
            ],
          });
        if (url.pathname === '/api/feature-overrides/u-store/beta' && init?.method === 'PUT') {
          puts.push(json(init));
          return Response.json({
            override: { ...storeUser, feature: 'beta', enabled: false, expiresAt: null, updatedAt: '' },
          });
        }
        return undefined;
      },
    );
    fireEvent.click(await screen.findByTestId('flags-tab-overrides'));
    const row = await screen.findByTestId('override-row');
    expect(within(row).getByTestId('override-expired').textContent).toBe('Expired');

    fireEvent.click(screen.getByTestId('override-add'));
    const dialog = await screen.findByTestId('override-dialog');
    fireEvent.change(within(dialog).getByTestId('override-user-input'), { target: { value: 'kicks' } });
    fireEvent.click(await within(dialog).findByTestId('override-user-result'));
    fireEvent.change(within(dialog).getByTestId('override-feature'), { target: { value: 'beta' } });
    fireEvent.click(within(dialog).getByTestId('override-enabled'));
    fireEvent.change(within(dialog).getByTestId('override-expires'), {
      target: { value: '2099-06-01T09:30' },
    });
    fireEvent.click(within(dialog).getByTestId('override-submit'));
    await waitFor(() =>
      expect(puts).toEqual([{ enabled: false, expiresAt: new Date('2099-06-01T09:30').toISOString() }]),
    );
  });

  it("adds an access rule and shows the API's refusal of a duplicate", async () => {
    const bodies: unknown[] = [];
    renderSection(
      () => [sampleFlag('beta')],
      (url, init) => {
        if (url.pathname !== '/api/feature-rules') return undefined;
        if (init?.method !== 'POST') return Response.json({ rules: [] });
        bodies.push(json(init));
        return error(409, 'RULE_EXISTS', 'A rule for this feature, role and plan already exists.');
      },
    );
    fireEvent.click(await screen.findByTestId('flags-tab-rules'));
    fireEvent.change(await screen.findByTestId('rule-feature'), { target: { value: 'beta' } });
    fireEvent.change(screen.getByTestId('rule-role'), { target: { value: 'reseller' } });
    fireEvent.change(screen.getByTestId('rule-plan'), { target: { value: 'trial' } });
    fireEvent.change(screen.getByTestId('rule-effect'), { target: { value: 'denied' } });
    fireEvent.click(screen.getByTestId('rule-submit'));
    expect((await screen.findByTestId('rule-error')).textContent).toContain(
      'There is already a rule for this feature, role and plan.',
    );
    expect(bodies).toEqual([{ feature: 'beta', role: 'reseller', plan: 'trial', granted: false }]);
  });

  it('checks a user: the verdict and the step that decided, with the rollout bucket', async () => {
    const asked: string[] = [];
    renderSection(
      () => [sampleFlag('beta', { rolloutPercentage: 40 })],
      (url) => {
        if (url.pathname !== '/api/feature-access/check') return undefined;
        asked.push(url.search);
        return Response.json({
          user: { ...storeUser, isSuperuser: false },
          decision: { allowed: false, step: 'rollout', bucket: 73 },
        });
      },
    );
    fireEvent.click(await screen.findByTestId('flags-tab-check'));
    fireEvent.change(screen.getByTestId('check-user-input'), { target: { value: 'kicks' } });
    fireEvent.click(await screen.findByTestId('check-user-result'));
    fireEvent.change(screen.getByTestId('check-feature'), { target: { value: 'beta' } });
    fireEvent.click(screen.getByTestId('check-submit'));
    const result = await screen.findByTestId('check-result');
    expect(within(result).getByTestId('check-verdict').textContent).toBe('Denied');
    expect(within(result).getByTestId('check-step').textContent).toBe(
      "The rollout decided: this user's bucket for the flag is 73 (0-99), and only buckets below the percentage have it.",
    );
    expect(result.textContent).toContain('Store, Standard plan');
    expect(asked).toEqual(['?userId=u-store&feature=beta']);
  });

  it('lists stale flags with why and since when', async () => {
    renderSection(
      () => [sampleFlag('old')],
      (url) =>
        url.pathname === '/api/feature-access/stale'
          ? Response.json({
              flags: [
                { name: 'old', reason: 'always-on', since: '2025-12-01T00:00:00Z' },
                { name: 'unused', reason: 'never-evaluated', since: null },
              ],
            })
          : undefined,
    );
    fireEvent.click(await screen.findByTestId('flags-tab-stale'));
    const rows = await screen.findAllByTestId('stale-row');
    expect(rows.map((r) => r.getAttribute('data-reason'))).toEqual(['always-on', 'never-evaluated']);
    expect(rows[0]!.textContent).toContain('Always on (rollout 100%)');
    expect(rows[0]!.textContent).toContain('Since');
    expect(rows[1]!.textContent).toContain('Never evaluated');
  });

  it('tells a user who is not a superuser from their profile, without calling the flags routes', async () => {
    const { fetchMock } = renderSection(() => [], undefined, false);
    expect((await screen.findByTestId('flags-superuser-only')).textContent).toBe(
      'Only superusers can manage feature flags.',
    );
    const flagCalls = fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/flags'));
    expect(flagCalls).toEqual([]);
  });

  it('tells a superuser whose rights were revoked meanwhile, not that it failed', async () => {
    renderSection(
      () => [],
      (url) =>
        url.pathname === '/api/flags'
          ? error(403, 'SUPERUSER_REQUIRED', 'Only superusers can do this.')
          : undefined,
    );
    expect((await screen.findByTestId('flags-superuser-only')).textContent).toBe(
      'Only superusers can manage feature flags.',
    );
    expect(screen.queryByTestId('flags-error')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows a failed load as an error with retry', async () => {
    renderSection(
      () => [],
      (url) => (url.pathname === '/api/flags' ? error(500, 'INTERNAL', 'Boom.') : undefined),
    );
    expect((await screen.findByTestId('flags-error')).textContent).toContain(
      'Could not load the feature flags.',
    );
  });
});
