import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../../test/setup';
import { ThemeProvider } from '../../../lib/theme';
import { LandingPage } from './landing-page';
import { loadStrings } from '../../../i18n';
import { landingStrings } from '../i18n/strings';

// Rendered without the entry that loads them in the app.
await loadStrings(landingStrings);

describe('landing page', () => {
  it('shows every documented marketing figure', () => {
    render(
      <ThemeProvider>
        <LandingPage onTryDemo={() => {}} onNavigate={() => {}} />
      </ThemeProvider>,
    );
    const text = document.body.textContent ?? '';
    for (const figure of [
      '45%',
      'Average profit increase',
      '8 hours',
      'Saved weekly',
      '2.5M €',
      'Monthly sales volume',
      '5K+',
      'Active users',
      '3,200+ €',
      'Average monthly profit increase',
      'Profits up 30-50%',
      'Repeat sales up 40%',
      'Revenue Analytics',
      'Smart Inventory',
      'Customer Management',
      'Inventory management',
      'Customer follow-ups',
      'Sales reporting',
      'Better pricing',
      '+25%',
      'Fewer stockouts',
      '+15%',
      'Customer retention',
      '+30%',
      'No credit card required',
      'Cancel anytime',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text.match(/3 hrs\/week/g)).toHaveLength(2);
    expect(text).toContain('2 hrs/week');
    expect(screen.getByTestId('roi-block')).toBeTruthy();
    expect(screen.getByTestId('landing-cta')).toBeTruthy();
  });

  it('leads Sign In to the Sign In tab, every Start Now to the Sign Up tab, and Try Demo to the demo', () => {
    const onNavigate = vi.fn();
    const onTryDemo = vi.fn();
    render(
      <ThemeProvider>
        <LandingPage onTryDemo={onTryDemo} onNavigate={onNavigate} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('sign-in').getAttribute('href')).toBe('/auth');
    for (const id of ['start-now', 'hero-start-now', 'cta-start'])
      expect(screen.getByTestId(id).getAttribute('href')).toBe('/auth?tab=signup');
    fireEvent.click(screen.getByTestId('start-now'));
    expect(onNavigate).toHaveBeenCalledWith('/auth?tab=signup');
    fireEvent.click(screen.getByTestId('sign-in'));
    expect(onNavigate).toHaveBeenLastCalledWith('/auth');
    fireEvent.click(screen.getByTestId('try-demo'));
    expect(onTryDemo).toHaveBeenCalled();
  });
});
