import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, cleanup } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../../test/setup';
import { changeLanguage, loadStrings } from '../../../i18n';
import { dashboardStrings } from '../i18n/strings';
import { SubscriptionBanner, type SubscriptionBannerProps } from './subscription-banner';

await loadStrings(dashboardStrings);

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

function renderBanner(state: SubscriptionBannerProps['state']) {
  return render(
    <MemoryRouter>
      <SubscriptionBanner userId="u-1" state={state} now={NOW} />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  window.sessionStorage.clear();
  await changeLanguage('en');
});

describe('subscription banner', () => {
  it('shows nothing for an active account or a trial with more than 3 days left', () => {
    renderBanner({ status: 'active', trialEndsAt: inDays(-30) });
    renderBanner({ status: 'trial', trialEndsAt: inDays(3.5) });
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
  });

  it('warns in the last 3 days of a trial with Add a card, dismissible for the session', () => {
    renderBanner({ status: 'trial', trialEndsAt: inDays(2.5) });
    const banner = screen.getByTestId('subscription-banner');
    expect(banner.getAttribute('data-banner')).toBe('trial_ending');
    expect(banner.textContent).toContain('Your trial ends in 3 days');
    const action = screen.getByRole('link', { name: 'Add a card' });
    expect(action.getAttribute('href')).toBe('/dashboard/billing');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
    // Another section (a remount) in the same browser session: still dismissed.
    cleanup();
    renderBanner({ status: 'trial', trialEndsAt: inDays(2.5) });
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
    // An extended trial that is ending again asks again.
    cleanup();
    renderBanner({ status: 'trial', trialEndsAt: inDays(1) });
    expect(screen.getByTestId('subscription-banner').textContent).toContain('Your trial ends in 1 day');
  });

  it('says past due with the grace end and Update card, not dismissible', () => {
    renderBanner({ status: 'past_due', trialEndsAt: inDays(-20), pastDueSince: inDays(-4) });
    const banner = screen.getByTestId('subscription-banner');
    expect(banner.getAttribute('data-banner')).toBe('past_due');
    expect(banner.textContent).toContain(
      'Payment due: update your card by March 20, 2026 to keep making changes',
    );
    expect(screen.getByRole('link', { name: 'Update card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('says read-only for a canceled account and a trial that ended, with Choose a plan', () => {
    renderBanner({ status: 'canceled', trialEndsAt: inDays(-20) });
    expect(screen.getByTestId('subscription-banner').textContent).toContain(
      'Your subscription has ended. Everything is still here; choose a plan to make changes again.',
    );
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toBeTruthy();
    cleanup();
    renderBanner({ status: 'trial', trialEndsAt: inDays(-1) });
    expect(screen.getByTestId('subscription-banner').getAttribute('data-banner')).toBe('canceled');
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es');
    renderBanner({ status: 'past_due', trialEndsAt: inDays(-20), pastDueSince: inDays(-4) });
    expect(screen.getByTestId('subscription-banner').textContent).toContain(
      'Pago pendiente: actualiza tu tarjeta antes del 20 de marzo de 2026 para seguir haciendo cambios',
    );
    expect(screen.getByRole('link', { name: 'Actualizar tarjeta' })).toBeTruthy();
  });
});
