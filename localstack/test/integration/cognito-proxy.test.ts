import { describe, expect, it } from 'vitest';
import { getMyProfile } from '@sneakers/shared/contracts/profiles';
import { api, cloud, newUser } from '../../../tests/support/cloud-client';

/** What Amplify does against `/cognito` on the app origin, the runtime config's endpoint. */
async function cognitoCall(target: string, body: unknown) {
  const res = await fetch(`${cloud().appUrl}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('user pool endpoint on the app origin', () => {
  it('is the endpoint the SPA is configured with', async () => {
    const config = (await fetch(`${cloud().appUrl}/config.json`).then((r) => r.json())) as {
      cognito: { endpoint: string };
    };
    expect(config.cognito.endpoint).toBe(`${cloud().appUrl}/cognito`);
  });

  it('forwards sign-in and answers GetTokensFromRefreshToken with fresh tokens', async () => {
    const { email, password } = await newUser();
    const signIn = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cloud().clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    expect(signIn.status).toBe(200);
    const result = signIn.body.AuthenticationResult as { RefreshToken: string };

    const refreshed = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: cloud().clientId,
      RefreshToken: result.RefreshToken,
    });
    expect(refreshed.status).toBe(200);
    const tokens = refreshed.body.AuthenticationResult as { AccessToken: string; IdToken: string };
    expect(tokens.AccessToken).toEqual(expect.any(String));
    expect(tokens.IdToken).toEqual(expect.any(String));
    expect(await api(tokens.AccessToken).call(getMyProfile)).toEqual({ profile: null });
  });

  it('passes Cognito errors through', async () => {
    const bad = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: cloud().clientId,
      RefreshToken: 'nope',
    });
    expect(bad.status).toBe(400);
    const wrong = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cloud().clientId,
      AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'whatever' },
    });
    expect(wrong.status).toBe(400);
  });
});
