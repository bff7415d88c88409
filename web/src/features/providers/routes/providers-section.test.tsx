import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Provider, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};
const FULL_IBAN = 'ES9121000418450200051332';
const pending: Provider = {
  id: 'pr-1',
  name: 'Ana García',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  alias: 'Anita',
  dni: '12345678Z',
  ibanMasked: '•••• 1332',
  status: 'pending',
  source: 'registration',
  createdAt: '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};
const approved: Provider = {
  ...pending,
  id: 'pr-0',
  name: 'Old Supplier',
  email: 'old@example.com',
  status: 'approved',
  source: 'manual',
  ibanMasked: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const TOKEN = 'tok-0123456789abcdef';

function api(extra: Route = () => undefined): Route {
  return (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/provider-registration-link') return Response.json({ token: TOKEN });
    return undefined;
  };
}

describe('providers section', () => {
  it('lists providers newest first with the registration link and approves a pending one', async () => {
    const decisions: unknown[] = [];
    let current = pending;
    renderApp(
      '/dashboard/providers',
      api((url, init) => {
        if (url.pathname === '/api/providers')
          return Response.json({ providers: [approved, current], cursor: null });
        if (url.pathname === '/api/providers/pr-1/decision') {
          decisions.push(JSON.parse(String(init?.body)));
          current = { ...pending, status: 'approved' };
          return Response.json({ provider: current });
        }
        return undefined;
      }),
      signedIn,
    );
    const rows = await screen.findAllByTestId('provider-row', {}, { timeout: 20_000 });
    expect(rows.map((r) => within(r).getAllByRole('link')[0]!.textContent)).toEqual([
      'Ana García',
      'Old Supplier',
    ]);
    expect(within(rows[0]!).getByTestId('provider-status').textContent).toBe('Pending');
    expect(within(rows[1]!).queryByTestId('provider-approve')).toBeNull();
    expect((await screen.findByTestId('registration-link')).getAttribute('href')).toBe(
      `${window.location.origin}/provider-registration/u-1/${TOKEN}`,
    );
    expect(document.body.textContent).not.toContain(FULL_IBAN);

    fireEvent.click(within(rows[0]!).getByTestId('provider-approve'));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'approve' }]));
    expect(await screen.findByText('Ana García approved')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('provider-row')[0]!).getByTestId('provider-status').textContent,
      ).toBe('Approved'),
    );
  });

  it('filters by status through the API', async () => {
    const statuses: Array<string | null> = [];
    renderApp(
      '/dashboard/providers',
      api((url) => {
        if (url.pathname !== '/api/providers') return undefined;
        statuses.push(url.searchParams.get('status'));
        return Response.json({ providers: url.searchParams.get('status') ? [] : [pending], cursor: null });
      }),
      signedIn,
    );
    await screen.findByTestId('provider-row', {}, { timeout: 20_000 });
    fireEvent.change(screen.getByTestId('providers-status-filter'), { target: { value: 'rejected' } });
    expect(await screen.findByTestId('providers-empty')).toBeTruthy();
    expect(statuses).toEqual([null, 'rejected']);
  });

  it('blocks creating a provider with an invalid IBAN, then creates it with a valid one', async () => {
    const bodies: unknown[] = [];
    renderApp(
      '/dashboard/providers',
      api((url, init) => {
        if (url.pathname === '/api/providers' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json({
            provider: { ...pending, id: 'pr-2', status: 'approved', source: 'manual' },
          });
        }
        if (url.pathname === '/api/providers') return Response.json({ providers: [], cursor: null });
        return undefined;
      }),
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('provider-add', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('provider-form-dialog');
    fireEvent.change(within(dialog).getByTestId('provider-form-name'), { target: { value: 'Luis' } });
    fireEvent.change(within(dialog).getByTestId('provider-form-email'), {
      target: { value: 'luis@example.com' },
    });
    fireEvent.change(within(dialog).getByTestId('provider-form-iban'), {
      target: { value: 'ES91 2100 0418 4502 0005 1333' },
    });
    fireEvent.click(within(dialog).getByTestId('provider-form-submit'));
    expect(await within(dialog).findByText('Enter a valid IBAN')).toBeTruthy();
    expect(within(dialog).getByTestId('provider-form-iban').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('provider-form-iban'), {
      target: { value: 'es91 2100 0418 4502 0005 1332' },
    });
    fireEvent.click(within(dialog).getByTestId('provider-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ name: 'Luis', email: 'luis@example.com', iban: FULL_IBAN });
  });

  it('edits without sending the IBAN unless a new one is typed, and shows API field errors', async () => {
    const bodies: unknown[] = [];
    renderApp(
      '/dashboard/providers/pr-1',
      api((url, init) => {
        if (url.pathname === '/api/providers/pr-1' && init?.method === 'PATCH') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The request is not valid.',
                fields: { email: ['Email rejected by the server'] },
              },
            },
            { status: 400 },
          );
        }
        if (url.pathname === '/api/providers/pr-1') return Response.json({ provider: pending });
        return undefined;
      }),
      signedIn,
    );
    const detail = await screen.findByTestId('provider-detail', {}, { timeout: 20_000 });
    expect(within(detail).getByText('•••• 1332')).toBeTruthy();
    expect(within(detail).getByTestId('provider-pickup-link').getAttribute('href')).toBe(
      '/dashboard/providers/pr-1/pickup',
    );
    fireEvent.click(within(detail).getByTestId('provider-edit'));
    const dialog = await screen.findByTestId('provider-form-dialog');
    // Shown masked; left as is, the stored IBAN is kept (not sent).
    expect((within(dialog).getByTestId('provider-form-iban') as HTMLInputElement).value).toBe('•••• 1332');
    expect(within(dialog).getByText(/Shown masked\. Type a new IBAN to replace it/)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('provider-form-alias'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('provider-form-submit'));
    expect(await within(dialog).findByText('Email rejected by the server')).toBeTruthy();
    expect(bodies).toEqual([
      {
        name: 'Ana García',
        email: 'ana@example.com',
        phone: '+34 600 000 000',
        alias: null,
        dni: '12345678Z',
      },
    ]);
  });

  it('reveals the full IBAN on the detail on purpose, hides it again, and shows who revealed it', async () => {
    const reveals: unknown[] = [];
    renderApp(
      '/dashboard/providers/pr-1',
      api((url, init) => {
        if (url.pathname === '/api/providers/pr-1/iban/reveal') {
          reveals.push(JSON.parse(String(init?.body)));
          return Response.json({ iban: FULL_IBAN });
        }
        if (url.pathname === '/api/providers/pr-1/iban/reveals')
          return Response.json({
            reveals: [
              { id: 'r2', purpose: 'print', revealedBy: 'u-1', revealedAt: '2026-01-03T10:00:00Z' },
              {
                id: 'r1',
                purpose: 'view',
                revealedBy: 'other@example.com',
                revealedAt: '2026-01-02T10:00:00Z',
              },
            ],
          });
        if (url.pathname === '/api/providers/pr-1') return Response.json({ provider: pending });
        if (url.pathname === '/api/providers/pr-1/consignments') return Response.json({ consignments: [] });
        return undefined;
      }),
      signedIn,
    );
    const detail = await screen.findByTestId('provider-detail', {}, { timeout: 20_000 });
    expect(within(detail).getByTestId('provider-iban').textContent).toBe('•••• 1332');
    expect(document.body.textContent).not.toContain('0418');
    expect(reveals).toEqual([]);

    fireEvent.click(within(detail).getByTestId('provider-iban-reveal'));
    await waitFor(() =>
      expect(within(detail).getByTestId('provider-iban').textContent).toBe('ES91 2100 0418 4502 0005 1332'),
    );
    expect(reveals).toEqual([{ purpose: 'view' }]);
    fireEvent.click(within(detail).getByTestId('provider-iban-hide'));
    expect(within(detail).getByTestId('provider-iban').textContent).toBe('•••• 1332');

    const history = within(detail).getByTestId('iban-reveal-history');
    fireEvent.click(within(history).getByText('IBAN reveal history'));
    (history as HTMLDetailsElement).open = true;
    fireEvent(history, new Event('toggle'));
    const entries = await within(history).findAllByTestId('iban-reveal-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringMatching(/^Printed by you on /),
      expect.stringMatching(/^Viewed by other@example\.com on /),
    ]);
  });

  it('hides a revealed IBAN again after a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp(
        '/dashboard/providers/pr-1',
        api((url) => {
          if (url.pathname === '/api/providers/pr-1/iban/reveal') return Response.json({ iban: FULL_IBAN });
          if (url.pathname === '/api/providers/pr-1') return Response.json({ provider: pending });
          if (url.pathname === '/api/providers/pr-1/consignments') return Response.json({ consignments: [] });
          return undefined;
        }),
        signedIn,
      );
      const detail = await screen.findByTestId('provider-detail', {}, { timeout: 20_000 });
      fireEvent.click(within(detail).getByTestId('provider-iban-reveal'));
      await waitFor(() => expect(within(detail).getByTestId('provider-iban').textContent).toContain('0418'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(within(detail).getByTestId('provider-iban').textContent).toBe('•••• 1332');
    } finally {
      vi.useRealTimers();
    }
  });

  it('edit: Reveal fills the field with the full IBAN (kept on save); clearing the field removes the IBAN', async () => {
    const bodies: unknown[] = [];
    renderApp(
      '/dashboard/providers/pr-1',
      api((url, init) => {
        if (url.pathname === '/api/providers/pr-1/iban/reveal') return Response.json({ iban: FULL_IBAN });
        if (url.pathname === '/api/providers/pr-1' && init?.method === 'PATCH') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json({ provider: pending });
        }
        if (url.pathname === '/api/providers/pr-1') return Response.json({ provider: pending });
        if (url.pathname === '/api/providers/pr-1/consignments') return Response.json({ consignments: [] });
        return undefined;
      }),
      signedIn,
    );
    const detail = await screen.findByTestId('provider-detail', {}, { timeout: 20_000 });
    fireEvent.click(within(detail).getByTestId('provider-edit'));
    let dialog = await screen.findByTestId('provider-form-dialog');
    fireEvent.click(within(dialog).getByTestId('provider-form-iban-reveal'));
    await waitFor(() =>
      expect((within(dialog).getByTestId('provider-form-iban') as HTMLInputElement).value).toBe(
        'ES91 2100 0418 4502 0005 1332',
      ),
    );
    fireEvent.click(within(dialog).getByTestId('provider-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('iban');
    await waitFor(() => expect(screen.queryByTestId('provider-form-dialog')).toBeNull());

    // Closing forgot the revealed number: the next opening shows it masked again.
    fireEvent.click(within(detail).getByTestId('provider-edit'));
    dialog = await screen.findByTestId('provider-form-dialog');
    const field = within(dialog).getByTestId('provider-form-iban') as HTMLInputElement;
    expect(field.value).toBe('•••• 1332');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('provider-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ iban: null });
  });

  it('shows a not-found state for an unknown provider', async () => {
    renderApp('/dashboard/providers/nope', api(), signedIn);
    const panel = await screen.findByTestId('provider-not-found', {}, { timeout: 20_000 });
    expect(panel.textContent).toContain('Provider not found');
  });

  it('renders the printable pickup sheet with the masked IBAN only and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp(
      '/dashboard/providers/pr-1/pickup',
      api((url) =>
        url.pathname === '/api/providers/pr-1' ? Response.json({ provider: pending }) : undefined,
      ),
      signedIn,
    );
    const sheet = await screen.findByTestId('pickup-sheet', {}, { timeout: 20_000 });
    expect(within(sheet).getByTestId('pickup-store').textContent).toBe('Kicks Madrid');
    expect(within(sheet).getByTestId('pickup-iban').textContent).toBe('•••• 1332');
    for (const text of ['Ana García', 'Anita', '+34 600 000 000', 'ana@example.com', '12345678Z'])
      expect(within(sheet).getByText(text)).toBeTruthy();
    expect(within(sheet).getAllByTestId('pickup-row').length).toBeGreaterThan(5);
    for (const column of ['SKU', 'Product', 'Size', 'Condition'])
      expect(within(sheet).getByRole('columnheader', { name: column })).toBeTruthy();
    expect(within(sheet).getByText('Provider signature')).toBeTruthy();
    expect(document.body.textContent).not.toContain(FULL_IBAN);
    expect(document.body.textContent).not.toContain('0418');
    fireEvent.click(screen.getByTestId('pickup-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints the pickup sheet with the full IBAN when chosen: revealed for printing, then printed', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const reveals: unknown[] = [];
    renderApp(
      '/dashboard/providers/pr-1/pickup',
      api((url, init) => {
        if (url.pathname === '/api/providers/pr-1/iban/reveal') {
          reveals.push(JSON.parse(String(init?.body)));
          return Response.json({ iban: FULL_IBAN });
        }
        return url.pathname === '/api/providers/pr-1' ? Response.json({ provider: pending }) : undefined;
      }),
      signedIn,
    );
    const sheet = await screen.findByTestId('pickup-sheet', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('pickup-print-full-iban'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(reveals).toEqual([{ purpose: 'print' }]);
    expect(within(sheet).getByTestId('pickup-iban').textContent).toBe('ES91 2100 0418 4502 0005 1332');
    fireEvent.click(screen.getByTestId('pickup-hide-iban'));
    expect(within(sheet).getByTestId('pickup-iban').textContent).toBe('•••• 1332');
  });

  it('does not print when the reveal is refused (rate limited) and keeps the IBAN masked', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp(
      '/dashboard/providers/pr-1/pickup',
      api((url) => {
        if (url.pathname === '/api/providers/pr-1/iban/reveal')
          return Response.json(
            { error: { code: 'RATE_LIMITED', message: 'Too many IBAN reveals.' } },
            { status: 429 },
          );
        return url.pathname === '/api/providers/pr-1' ? Response.json({ provider: pending }) : undefined;
      }),
      signedIn,
    );
    const sheet = await screen.findByTestId('pickup-sheet', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('pickup-print-full-iban'));
    expect(await screen.findByText('Could not reveal the IBAN')).toBeTruthy();
    expect(print).not.toHaveBeenCalled();
    expect(within(sheet).getByTestId('pickup-iban').textContent).toBe('•••• 1332');
  });
});
