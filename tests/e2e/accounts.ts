import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createApiClient } from '@sneakers/shared/api-client';
import { LOCAL_ADMIN } from '../../localstack/src/names';

/** Accounts made through the real onboarding UI, for journeys that need signed-in users. */
export interface Account {
  email: string;
  password: string;
  name: string;
  role: 'store' | 'reseller';
}

export function newAccount(role: Account['role']): Account {
  const id = randomUUID().slice(0, 8);
  return {
    email: `${role}-${id}@example.com`,
    password: 'secret-123',
    name: `${role === 'store' ? 'Kicks Store' : 'Resell'} ${id}`,
    role,
  };
}

// A 1x1 PNG: small enough for any budget, real enough for the S3 emulator to serve back.
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function fillOnboarding(page: Page, account: Account, avatar?: Buffer) {
  await page.goto('/onboarding');
  await page.getByTestId('onboarding-email').fill(account.email);
  await page.getByTestId('onboarding-password').fill(account.password);
  await page.getByTestId(`role-${account.role}`).click();
  await page.getByTestId('onboarding-continue').click();
  await expect(page.getByTestId('onboarding-step-2')).toHaveAttribute('aria-current', 'step');
  // Leaving the account step copies the login email to the contact email.
  await expect(page.getByTestId('onboarding-contact-email')).toHaveValue(account.email);
  await page.getByTestId('onboarding-name').fill(account.name);
  await page.getByTestId('onboarding-phone').fill('600 123 456');
  await page.getByTestId('onboarding-location').fill('Madrid, Spain');
  if (avatar) {
    await page
      .getByTestId('onboarding-avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
    await expect(page.getByTestId('onboarding-avatar-preview')).toBeVisible();
  }
  await page.getByTestId('onboarding-continue').click();
  await expect(page.getByTestId('onboarding-step-3')).toHaveAttribute('aria-current', 'step');
}

export async function signUp(page: Page, account: Account, avatar?: Buffer) {
  await fillOnboarding(page, account, avatar);
  await page.getByTestId('onboarding-complete').click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByTestId('sidebar-business-name')).toHaveText(account.name, { timeout: 20_000 });
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
}

/** The seed's local superuser and the store profile the seed gives it. */
export const LOCAL_SUPERUSER = { ...LOCAL_ADMIN, name: 'Sneakers Admin' } as const;

/** Signs the page in as the local superuser, through the real sign-in screen. */
export async function signInAsSuperuser(page: Page) {
  await signIn(page, LOCAL_SUPERUSER.email, LOCAL_SUPERUSER.password);
  await expect(page.getByTestId('sidebar-business-name')).toHaveText(LOCAL_SUPERUSER.name, {
    timeout: 20_000,
  });
}

/** The signed-in user's Cognito access token, as Amplify keeps it in localStorage. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    // Runs in the browser; typed by hand because the test code compiles without DOM types.
    type Store = { length: number; key(i: number): string | null; getItem(k: string): string | null };
    const store = (globalThis as unknown as { localStorage: Store }).localStorage;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken'))
        return store.getItem(key);
    }
    return null;
  });
  if (!token) throw new Error('No access token in localStorage: is the page signed in?');
  return token;
}

/** A signed-in page's typed API client and its user id (the token's subject). */
export async function apiOf(page: Page, baseURL: string) {
  const token = await accessTokenOf(page);
  const call = createApiClient({ baseUrl: baseURL, getToken: () => token });
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }
  ).sub;
  return { call, userId };
}
