import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, type Page } from '@playwright/test';
import { createApiClient } from '@sneakers/shared/api-client';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { runtimeConfigSchema } from '@sneakers/shared/contracts/runtime-config';
import { LOCAL_ADMIN } from '../../localstack/src/names';

/** Accounts for journeys that need signed-in users: through the onboarding UI, or its calls. */
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

/**
 * The same account as `signUp`, for journeys about what a new account does rather than how it
 * is made: the calls the onboarding screens make (Cognito's SignUp with the wizard's
 * attributes, the profile with its defaults and the values `fillOnboarding` types), then the
 * page signed in by storing the session where Amplify keeps it, and opened on the dashboard.
 * A few seconds less than the three screens on every journey; the screens themselves stay
 * covered by identity.spec.ts, shell-issue11.spec.ts and a11y.spec.ts.
 */
export async function signUpByApi(page: Page, account: Account) {
  // The wizard's default in an English browser; journeys switch languages themselves.
  const language = 'en';
  const configResponse = await page.request.get('/config.json');
  const appUrl = new URL(configResponse.url()).origin;
  const config = runtimeConfigSchema.parse(await configResponse.json());
  const clientId = config.cognito.userPoolClientId;
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: config.cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: account.email,
      Password: account.password,
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'custom:role', Value: account.role },
        { Name: 'custom:language', Value: language },
        { Name: 'custom:currency', Value: 'EUR' },
      ],
    }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  const tokens = auth.AuthenticationResult;
  if (!tokens?.AccessToken || !tokens.IdToken || !tokens.RefreshToken)
    throw new Error(`Cognito gave ${account.email} no tokens`);
  const accessToken = tokens.AccessToken;
  // The wizard's body (web/src/features/onboarding/model/form.ts, toProfileCreate): its
  // defaults, the contact email copied from the login, WTB public and WTS public for a reseller.
  const call = createApiClient({ baseUrl: appUrl, getToken: () => accessToken });
  await call(createMyProfile, {
    body: {
      role: account.role,
      businessName: account.name,
      contactEmail: account.email,
      phone: '+34 600 123 456',
      location: 'Madrid, Spain',
      instagramHandle: null,
      discord: null,
      preferredContact: 'email',
      currency: 'EUR',
      language,
      publicWtbList: true,
      publicWtsList: account.role === 'reseller',
    },
    idempotencyKey: randomUUID(),
  });
  // Amplify v6's keys, as its USER_PASSWORD_AUTH sign-in leaves them (the login is the email).
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const session: [string, string][] = [
    [`${prefix}.LastAuthUser`, account.email],
    [`${prefix}.${account.email}.accessToken`, accessToken],
    [`${prefix}.${account.email}.idToken`, tokens.IdToken],
    [`${prefix}.${account.email}.refreshToken`, tokens.RefreshToken],
    [`${prefix}.${account.email}.clockDrift`, '0'],
    [
      `${prefix}.${account.email}.signInDetails`,
      JSON.stringify({ loginId: account.email, authFlowType: 'USER_PASSWORD_AUTH' }),
    ],
  ];
  // Stored once from a same-origin page (not an init script, which would sign the user in
  // again on every load, after a sign-out too), then the app opens signed in.
  await page.goto('/favicon.svg');
  await page.evaluate((entries) => {
    // Runs in the browser; typed by hand because the test code compiles without DOM types.
    const store = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
      .localStorage;
    for (const [key, value] of entries) store.setItem(key, value);
  }, session);
  await page.goto('/');
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
