import { describe, expect, it } from 'vitest';
import '../../../test/setup';
import { i18n, loadStrings } from '../../../i18n';
import { formatPlanPrice, subscriptionLabel, trialDaysLeft } from './subscription';
import { profileStrings } from '../i18n/strings';

// The labels are read without the lazy route that loads them in the app.
await loadStrings(profileStrings);

const label = (status: Parameters<typeof subscriptionLabel>[0], days: number) => {
  const { key, values } = subscriptionLabel(status, days);
  return i18n.t(key, values);
};

describe('subscription card', () => {
  it('labels every status', () => {
    expect(label('trial', 5)).toBe('Free trial: 5 days left');
    expect(label('trial', 1)).toBe('Free trial: 1 day left');
    expect(label('active', 0)).toBe('Active Subscription');
    expect(label('past_due', 0)).toBe('Payment Due');
    expect(label('canceled', 0)).toBe('Canceled');
  });

  it('never counts trial days below 0', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(trialDaysLeft('2026-03-01T00:00:00Z', now)).toBe(0);
    expect(trialDaysLeft('2026-03-24T12:00:00Z', now)).toBe(14);
    expect(trialDaysLeft('2026-03-10T18:00:00Z', now)).toBe(1);
    expect(trialDaysLeft('not a date', now)).toBe(0);
    expect(label('trial', -3)).toBe('Free trial: 0 days left');
  });

  it('formats the plan prices with Intl', () => {
    expect(formatPlanPrice('store', 'en')).toBe('€49.99');
    expect(formatPlanPrice('reseller', 'en')).toBe('€4.99');
    expect(formatPlanPrice('store', 'es').replace(/\s/g, ' ')).toBe('49,99 €');
  });
});
