import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, signIn, signUpByApi } from './accounts';
import { mailsTo } from './support';

/** A Cognito call through the app's user-pool endpoint (`/cognito`), as another device makes it. */
async function cognito(request: APIRequestContext, action: string, body: Record<string, unknown>) {
  const res = await request.post('/cognito', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    data: JSON.stringify(body),
  });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

/** Signs in from "another device": its refresh token, and a way to ask for new tokens with it. */
async function otherDevice(request: APIRequestContext, email: string, password: string) {
  const config = (await (await request.get('/config.json')).json()) as {
    cognito: { userPoolClientId: string };
  };
  const ClientId = config.cognito.userPoolClientId;
  const signedIn = await cognito(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  expect(signedIn.status).toBe(200);
  const { RefreshToken } = signedIn.body.AuthenticationResult as { RefreshToken: string };
  return () => cognito(request, 'GetTokensFromRefreshToken', { ClientId, RefreshToken });
}

test('account settings: email preferences and currency persist, the sign-in email and password change, sign out of every device', async ({
  page,
  request,
}) => {
  // Sign-up through the UI, two sign-ins and a mailed code: long on a busy machine.
  test.setTimeout(150_000);
  const account = newAccount('store');
  await signUpByApi(page, account);
  await page.goto('/dashboard/settings');
  const panel = page.getByTestId('settings-account');

  // Preferences save at once and are there after a reload.
  // Each box shows what the server saved: it turns once the save answers.
  await panel.getByTestId('settings-email-messages').click();
  await expect(page.getByText('Email preferences saved')).toBeVisible();
  await expect(panel.getByTestId('settings-email-messages')).not.toBeChecked();
  await panel.getByTestId('settings-currency').selectOption('USD');
  await expect(page.getByText('Currency saved')).toBeVisible();
  await page.reload();
  await expect(panel.getByTestId('settings-email-messages')).not.toBeChecked();
  await expect(panel.getByTestId('settings-email-offers')).toBeChecked();
  await expect(panel.getByTestId('settings-currency')).toHaveValue('USD');

  // A new sign-in email counts once confirmed with the code Cognito mails to it.
  const newEmail = account.email.replace('@', '-new@');
  await panel.getByTestId('settings-email-new').fill(newEmail);
  await panel.getByTestId('settings-email-change').click();
  await expect(panel.getByTestId('settings-email-code-sent')).toContainText(newEmail);
  await expect.poll(async () => (await mailsTo(request, newEmail)).length, { timeout: 15_000 }).toBe(1);
  const code = /\b(\d{6})\b/.exec((await mailsTo(request, newEmail))[0]?.body.text ?? '')?.[1] ?? '';
  await panel.getByTestId('settings-email-code').fill('000000' === code ? '111111' : '000000');
  await panel.getByTestId('settings-email-confirm').click();
  await expect(panel.getByText('This code is not valid or has expired. Ask for a new one.')).toBeVisible();
  await panel.getByTestId('settings-email-code').fill(code);
  await panel.getByTestId('settings-email-confirm').click();
  await expect(panel.getByTestId('settings-email-current')).toHaveText(`You sign in with ${newEmail}.`);

  // The password: a wrong current one is said at its field; then it changes.
  await panel.getByTestId('settings-password-currentPassword').fill('not-my-password');
  await panel.getByTestId('settings-password-newPassword').fill('brand-new-456');
  await panel.getByTestId('settings-password-confirm').fill('brand-new-456');
  await panel.getByTestId('settings-password-change').click();
  await expect(panel.getByText('Your current password is not correct.')).toBeVisible();
  await panel.getByTestId('settings-password-currentPassword').fill(account.password);
  await panel.getByTestId('settings-password-change').click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('try-demo')).toBeVisible();
  await signIn(page, newEmail, 'brand-new-456');
  await expect(page.getByTestId('sidebar-business-name')).toHaveText(account.name, { timeout: 20_000 });

  // Sign out of every device: this browser at once, another device at its next refresh.
  const refreshOther = await otherDevice(request, newEmail, 'brand-new-456');
  expect((await refreshOther()).status).toBe(200);
  await page.goto('/dashboard/settings');
  await page.getByTestId('settings-sign-out-all').click();
  await page.getByTestId('settings-sign-out-all-confirm').click();
  await expect(page.getByTestId('try-demo')).toBeVisible();
  const refused = await refreshOther();
  expect(refused.status).toBe(400);
  expect(refused.body.__type).toMatch(/NotAuthorized/);
});
