import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { COMING_SOON_DEFAULTS, type ComingSoonSettings } from '@sneakers/shared';
import '../../../test/setup';
import { changeLanguage, i18n, loadStrings } from '../../../i18n';
import { ThemeProvider } from '../../../lib/theme';
import { ComingSoonPage } from './coming-soon-page';
import { comingSoonStrings } from '../i18n/strings';

// Rendered without the lazy route that loads them in the app.
await loadStrings(comingSoonStrings);

const settings = (overrides: Partial<ComingSoonSettings> = {}): ComingSoonSettings => ({
  id: 'coming-soon',
  isEnabled: true,
  title: 'Drops are coming',
  subtitle: 'Get ready.',
  launchDate: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function renderPage(value: ComingSoonSettings | null) {
  return render(
    <ThemeProvider>
      <MemoryRouter>
        <ComingSoonPage settings={value} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('coming-soon page', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the default title and subtitle when there are no settings', () => {
    renderPage(null);
    expect(screen.getByTestId('coming-soon-title').textContent).toBe(COMING_SOON_DEFAULTS.title);
    expect(screen.getByTestId('coming-soon-subtitle').textContent).toBe(COMING_SOON_DEFAULTS.subtitle);
  });

  it('shows the defaults when the saved title and subtitle are blank', () => {
    renderPage(settings({ title: '  ', subtitle: '' }));
    expect(screen.getByTestId('coming-soon-title').textContent).toBe(COMING_SOON_DEFAULTS.title);
    expect(screen.getByTestId('coming-soon-subtitle').textContent).toBe(COMING_SOON_DEFAULTS.subtitle);
  });

  it('shows the configured title, subtitle and the three stat cards', () => {
    renderPage(settings());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Drops are coming');
    expect(screen.getByText('Get ready.')).toBeTruthy();
    for (const text of ['45%', 'Profit Increase', '2.5M+ €', 'Monthly Volume', '8hrs', 'Time Saved Weekly']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it('shows the launch date only when set, formatted in the current language', async () => {
    const { unmount } = renderPage(settings());
    expect(screen.queryByTestId('launch-date')).toBeNull();
    unmount();

    renderPage(settings({ launchDate: '2026-09-01' }));
    expect(screen.getByTestId('launch-date').textContent).toBe('Expected launch: September 1, 2026');
    await changeLanguage('es');
    expect((await screen.findByTestId('launch-date')).textContent).toBe(
      'Lanzamiento previsto: 1 de septiembre de 2026',
    );
  });

  it('does nothing when the early-access form is submitted empty', () => {
    renderPage(null);
    const input = screen.getByLabelText('Email address');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.hasAttribute('required')).toBe(true);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(screen.queryByText("You're on the list!")).toBeNull();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
  });

  it('swaps the form for the confirmation after an email is submitted', () => {
    renderPage(null);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Early Access' }));
    expect(screen.getByText("You're on the list!")).toBeTruthy();
    expect(screen.getByText("We'll notify you when we launch")).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });
});
