import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, type ProfileUpdate, type UserProfile } from '@sneakers/shared';
import '../../../test/setup';
import { AppToaster } from '../../../app/toaster';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { changeLanguage, i18n, loadStrings } from '../../../i18n';
import { ThemeProvider } from '../../../lib/theme';
import { profileStrings } from '../i18n/strings';
import { ProfilePage } from './profile-page';

await loadStrings(profileStrings);

const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  contactEmail: 'kicks@example.com',
  phone: '+34 600',
  location: 'Madrid',
};

function renderPage(onSave: (update: ProfileUpdate) => Promise<UserProfile>) {
  render(
    <ThemeProvider>
      <MemoryRouter>
        <ProfilePage profile={profile} isDemo={false} onSave={onSave} />
      </MemoryRouter>
      <AppToaster />
    </ThemeProvider>,
  );
}

const describedText = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('profile page', () => {
  it('shows an empty business name at its field, focuses it and sends nothing', async () => {
    const onSave = vi.fn((update: ProfileUpdate) =>
      Promise.resolve({ ...profile, ...update } as UserProfile),
    );
    renderPage(onSave);
    const name = screen.getByTestId('profile-business-name');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.change(screen.getByTestId('profile-contact-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('profile-save'));

    expect(onSave).not.toHaveBeenCalled();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toBe('Enter your business name.');
    const email = screen.getByTestId('profile-contact-email');
    expect(describedText(email)).toBe('Enter a valid email address.');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.queryByText('Failed to update profile')).toBeNull();

    // Typing clears that field's error only; a valid form is sent.
    fireEvent.change(name, { target: { value: 'Renamed' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      businessName: 'Renamed',
      contactEmail: 'new@example.com',
    });
  });

  it('names a too-long value with the limit of the shared contract', () => {
    renderPage(vi.fn());
    const location = screen.getByTestId('profile-location');
    fireEvent.change(location, { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(describedText(location)).toBe('Use at most 120 characters.');
  });

  it("maps the server's field errors to the fields", async () => {
    const onSave = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid.', { phone: ['Phone is required'] }),
      ),
    );
    renderPage(onSave);
    fireEvent.click(screen.getByTestId('profile-save'));
    const phone = screen.getByTestId('profile-phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toBe('Enter your phone number.');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
  });

  it('says it in Spanish in the Spanish UI', async () => {
    await changeLanguage('es');
    try {
      renderPage(vi.fn());
      const name = screen.getByTestId('profile-business-name');
      fireEvent.change(name, { target: { value: '' } });
      fireEvent.click(screen.getByTestId('profile-save'));
      expect(describedText(name)).toBe('Escribe el nombre de tu negocio.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
