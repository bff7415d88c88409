import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { APIRequestContext } from '@playwright/test';
import { createApiClient } from '@sneakers/shared/api-client';
import { runtimeConfigSchema } from '@sneakers/shared/contracts/runtime-config';
import { LOCAL_ADMIN } from '../../localstack/src/names';

/** The API as the seeded local superuser, for journeys where an admin acts elsewhere. */
export async function adminApi(request: APIRequestContext, baseURL: string) {
  const config = runtimeConfigSchema.parse(await (await request.get('/config.json')).json());
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
  return createApiClient({ baseUrl: baseURL, getToken: () => token });
}
