import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../../test/setup';
import { AppToaster } from '../../../app/toaster';
import { ThemeProvider } from '../../../lib/theme';
import { defaultForm, type OnboardingForm } from '../model/form';
import { OnboardingWizard, type AccountOutcome } from './onboarding-wizard';
import { loadStrings } from '../../../i18n';
import { onboardingStrings } from '../i18n/strings';

// Rendered without the lazy route that loads them in the app.
await loadStrings(onboardingStrings);

function renderWizard(
  initialForm: OnboardingForm = defaultForm(),
  skipAccount = false,
  outcomes: AccountOutcome[] = [],
) {
  const onComplete = vi.fn((_form: OnboardingForm) => Promise.resolve());
  const onCreateAccount = vi.fn((_form: OnboardingForm): Promise<AccountOutcome> =>
    Promise.resolve(outcomes.shift() ?? { status: 'created' }),
  );
  const onExit = vi.fn();
  render(
    <ThemeProvider>
      <MemoryRouter>
        <OnboardingWizard
          initialForm={initialForm}
          skipAccount={skipAccount}
          onCreateAccount={onCreateAccount}
          onComplete={onComplete}
          onExit={onExit}
        />
      </MemoryRouter>
      <AppToaster />
    </ThemeProvider>,
  );
  return { onComplete, onCreateAccount, onExit };
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const current = () => document.querySelector('[aria-current="step"]')?.getAttribute('data-testid');

describe('onboarding wizard', () => {
  it('blocks the account step with the validation toast, then copies the email and share flags', async () => {
    const { onExit, onCreateAccount } = renderWizard();
    expect(current()).toBe('onboarding-step-1');
    expect(screen.getByTestId('role-store').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(await screen.findByText('Validation error')).toBeTruthy();
    expect(current()).toBe('onboarding-step-1');

    type('onboarding-email', 'kicks@example.com');
    type('onboarding-password', '12345');
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(current()).toBe('onboarding-step-1');

    type('onboarding-password', '123456');
    fireEvent.click(screen.getByTestId('role-reseller'));
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    // Leaving the account step creates the account.
    await waitFor(() => expect(current()).toBe('onboarding-step-2'));
    // The first step's toast does not follow the user to the second.
    await waitFor(() => expect(screen.queryByText('Validation error')).toBeNull());
    expect(onCreateAccount).toHaveBeenCalledTimes(1);
    expect(onCreateAccount.mock.calls[0]?.[0]).toMatchObject({
      email: 'kicks@example.com',
      password: '123456',
      userType: 'reseller',
    });
    expect((screen.getByTestId('onboarding-contact-email') as HTMLInputElement).value).toBe(
      'kicks@example.com',
    );
    expect(screen.getByLabelText('Name *')).toBeTruthy();
    expect((screen.getByTestId('onboarding-currency') as HTMLSelectElement).value).toBe('EUR');
    expect((screen.getByTestId('onboarding-preferred-contact') as HTMLSelectElement).value).toBe('email');
    expect(screen.getByTestId('onboarding-phone-country').querySelectorAll('option')).toHaveLength(75);

    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(await screen.findByText('Missing information')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields.')).toBeTruthy();
    expect(current()).toBe('onboarding-step-2');

    type('onboarding-name', 'Kicks');
    type('onboarding-phone', '600 111 222');
    type('onboarding-location', 'Madrid');
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(current()).toBe('onboarding-step-3');
    // A reseller shares WTB and WTS by default.
    expect(screen.getByTestId('onboarding-share-wtb').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('onboarding-share-wts').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('onboarding-back'));
    fireEvent.click(screen.getByTestId('onboarding-back'));
    expect(current()).toBe('onboarding-step-1');
    // The account exists: its step is read-only, and Continue does not create it again.
    expect(screen.getByTestId('onboarding-account-created')).toBeTruthy();
    expect((screen.getByTestId('onboarding-email') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(current()).toBe('onboarding-step-2');
    expect(onCreateAccount).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('onboarding-back'));
    fireEvent.click(screen.getByTestId('onboarding-back'));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('tells an email that already has an account at its field, with a link to sign in that keeps it', async () => {
    const { onCreateAccount } = renderWizard(defaultForm(), false, [{ status: 'email-taken' }]);
    type('onboarding-email', 'taken@example.com');
    type('onboarding-password', 'secret1');
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    const error = await screen.findByTestId('onboarding-email-taken');
    expect(error.textContent).toContain('An account with this email already exists.');
    expect(screen.getByTestId('onboarding-sign-in-instead').getAttribute('href')).toBe(
      '/auth?email=taken%40example.com',
    );
    const email = screen.getByTestId('onboarding-email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'already exists',
    );
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(current()).toBe('onboarding-step-1');

    // Another email clears the error and goes on.
    type('onboarding-email', 'new@example.com');
    expect(screen.queryByTestId('onboarding-email-taken')).toBeNull();
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    await waitFor(() => expect(current()).toBe('onboarding-step-2'));
    expect(onCreateAccount).toHaveBeenCalledTimes(2);
  });

  it("shows Cognito's password refusal at the password field", async () => {
    renderWizard({ ...defaultForm(), email: 'a@b.co', password: 'secret1' }, false, [
      { status: 'invalid-password', message: 'Password must have numeric characters' },
    ]);
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(await screen.findByText('Password must have numeric characters')).toBeTruthy();
    expect(screen.getByTestId('onboarding-password').getAttribute('aria-invalid')).toBe('true');
    expect(current()).toBe('onboarding-step-1');
  });

  it('a store shares only its WTB list, and Complete Setup hands over the form', async () => {
    const { onComplete } = renderWizard({
      ...defaultForm(),
      email: 'shop@example.com',
      password: 'secret1',
    });
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(await screen.findByLabelText('Business Name *')).toBeTruthy();
    type('onboarding-name', 'Shop');
    type('onboarding-phone', '600');
    type('onboarding-location', 'Madrid');
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(screen.getByTestId('onboarding-share-wts').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByTestId('onboarding-share-wtb'));
    fireEvent.click(screen.getByTestId('onboarding-complete'));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(onComplete.mock.calls[0]?.[0]).toMatchObject({
      userType: 'store',
      contactEmail: 'shop@example.com',
      shareWTB: false,
      shareWTS: false,
    });
  });

  it('rejects a non-image or an image over 5 MB as avatar', async () => {
    renderWizard({ ...defaultForm(), email: 'a@b.co' }, true);
    const input = screen.getByTestId('onboarding-avatar-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Invalid File')).toBeTruthy();
    expect(screen.getByText('Please select an image file')).toBeTruthy();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File Too Large')).toBeTruthy();
    expect(screen.getByText('Please select an image smaller than 5MB')).toBeTruthy();
    expect(screen.getByText('Upload photo')).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Change photo')).toBeTruthy();
  });

  it('draws the chosen prefix country flag as an SVG image, with names in the UI language', async () => {
    renderWizard({ ...defaultForm(), email: 'a@b.co' }, true);
    const flag = await screen.findByTestId('country-flag');
    expect(flag.tagName).toBe('IMG');
    expect(flag.getAttribute('data-country')).toBe('ES');
    expect(flag.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(flag.getAttribute('aria-hidden')).toBe('true');
    const picker = screen.getByTestId('onboarding-phone-country') as HTMLSelectElement;
    // No emoji flags (boxes without a colour-emoji font): the prefix and the country's name.
    expect(picker.selectedOptions[0]?.textContent).toBe('+34 Spain');
    fireEvent.change(picker, { target: { value: 'IT' } });
    await waitFor(() => expect(screen.getByTestId('country-flag').getAttribute('data-country')).toBe('IT'));
  });

  it('starts at the profile step for a signed-in user without a profile', () => {
    renderWizard({ ...defaultForm(), email: 'a@b.co' }, true);
    expect(current()).toBe('onboarding-step-2');
    expect((screen.getByTestId('onboarding-contact-email') as HTMLInputElement).value).toBe('a@b.co');
  });
});
