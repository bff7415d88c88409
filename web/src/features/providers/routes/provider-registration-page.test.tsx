import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../test/setup';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'tok-0123456789abcdef';
const PATH = `/api/provider-registration/u-1/${TOKEN}`;

function fill(values: Record<string, string>) {
  for (const [field, value] of Object.entries(values))
    fireEvent.change(screen.getByTestId(`registration-${field}`), { target: { value } });
}

describe('provider registration page', () => {
  it('shows the store, validates, submits with a splash and confirms', async () => {
    const bodies: unknown[] = [];
    let release: (response: Response) => void = () => {};
    renderApp(`/provider-registration/u-1/${TOKEN}`, (url, init) => {
      if (url.pathname !== PATH) return undefined;
      if (init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }
      return Response.json({ store: { businessName: 'Kicks Madrid' } });
    });
    expect(
      await screen.findByRole('heading', { name: 'Provider Registration' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('registration-store').textContent).toBe('Kicks Madrid');
    expect(screen.getByText('Register to supply products to Kicks Madrid.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('registration-submit'));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    fill({ name: 'Ana García', email: 'ANA@example.com ', iban: 'ES00 1234' });
    fireEvent.click(screen.getByTestId('registration-submit'));
    expect(await screen.findByText('Enter a valid IBAN')).toBeTruthy();
    expect(bodies).toEqual([]);

    fill({ iban: 'ES91 2100 0418 4502 0005 1332', alias: 'Anita' });
    fireEvent.click(screen.getByTestId('registration-submit'));
    const splash = await screen.findByTestId('registration-splash');
    expect(splash.getAttribute('role')).toBe('status');
    expect(splash.getAttribute('aria-live')).toBe('polite');
    expect(splash.textContent).toContain('Submitting registration');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Ana García',
      email: 'ANA@example.com',
      alias: 'Anita',
      iban: 'ES9121000418450200051332',
    });

    release(Response.json({ status: 'pending' }));
    const success = await screen.findByTestId('registration-success');
    expect(success.textContent).toContain('Registration submitted!');
    expect(success.textContent).toContain('approve');
    expect(screen.queryByTestId('registration-splash')).toBeNull();
  });

  it('says so when the submission fails, and shows the rate-limit message', async () => {
    let answers = [
      () => Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 }),
      () =>
        Response.json(
          { error: { code: 'RATE_LIMITED', message: 'Too many registrations. Try again in a minute.' } },
          { status: 429 },
        ),
    ];
    renderApp(`/provider-registration/u-1/${TOKEN}`, (url, init) => {
      if (url.pathname !== PATH) return undefined;
      if (init?.method === 'POST') {
        const [next, ...rest] = answers;
        answers = rest;
        return next?.();
      }
      return Response.json({ store: { businessName: 'Kicks Madrid' } });
    });
    await screen.findByTestId('registration-form', {}, { timeout: 20_000 });
    fill({ name: 'Ana', email: 'ana@example.com' });
    fireEvent.click(screen.getByTestId('registration-submit'));
    expect((await screen.findByTestId('registration-failed')).textContent).toBe(
      'Failed to submit registration. Please try again.',
    );
    expect((screen.getByTestId('registration-name') as HTMLInputElement).value).toBe('Ana');
    fireEvent.click(screen.getByTestId('registration-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('registration-failed').textContent).toBe(
        'Too many registrations. Try again in a minute.',
      ),
    );
  });

  it('shows that a wrong or revoked link is not valid', async () => {
    renderApp(`/provider-registration/u-1/${TOKEN}`, (url) =>
      url.pathname === PATH
        ? Response.json(
            { error: { code: 'REGISTRATION_LINK_INVALID', message: 'Not found.' } },
            { status: 404 },
          )
        : undefined,
    );
    const panel = await screen.findByTestId('registration-invalid', {}, { timeout: 20_000 });
    expect(panel.textContent).toContain('This registration link is not valid');
    expect(screen.queryByTestId('registration-form')).toBeNull();
  });
});
