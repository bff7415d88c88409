import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createApiClient } from '@sneakers/shared/api-client';
import { runtimeConfigSchema } from '@sneakers/shared/contracts/runtime-config';
import { LOCAL_ADMIN } from './names';

/**
 * The API of a running local cloud as its seeded superuser: reads `/config.json` for the
 * pool, signs in with USER_PASSWORD_AUTH on cognito-local, and returns a typed client.
 */
export async function localAdminApi(
  appUrl: string,
  fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
) {
  const config = runtimeConfigSchema.parse(await fetchJson(`${appUrl}/config.json`));
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: config.cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.cognito.userPoolClientId,
      AuthParameters: { USERNAME: LOCAL_ADMIN.email, PASSWORD: LOCAL_ADMIN.password },
    }),
  );
  const token = auth.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`Could not sign in as ${LOCAL_ADMIN.email}`);
  return createApiClient({ baseUrl: appUrl, getToken: () => token });
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const res = await fetch(url).catch(() => {
    throw new Error(`The local cloud is not running at ${new URL(url).origin}. Start it with npm start.`);
  });
  return res.json();
}
