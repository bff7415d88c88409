import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createApiClient } from '@sneakers/shared/api-client';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { runtimeConfigSchema } from '@sneakers/shared/contracts/runtime-config';
import { LOCAL_NAMES } from '../../localstack/src/names';

/** A confirmed cognito-local user, signed in through the app's own /cognito endpoint. */
export async function storeUser(appUrl: string, cognitoPort: number) {
  const config = runtimeConfigSchema.parse(await (await fetch(`${appUrl}/config.json`)).json());
  const admin = new CognitoIdentityProviderClient({
    region: LOCAL_NAMES.region,
    endpoint: `http://127.0.0.1:${cognitoPort}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const email = `bench-${randomUUID()}@example.com`;
  const password = 'bench-secret-1';
  const UserPoolId = config.cognito.userPoolId;
  await admin.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await admin.send(
    new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }),
  );
  const out = await admin.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.cognito.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = out.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('cognito-local gave no token');
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { token, userId: claims.sub };
}

/** A signed-in store with its profile made through the API (so sign-up's events follow), and its API client. */
export async function storeWithProfile(appUrl: string, cognitoPort: number, businessName: string) {
  const { token, userId } = await storeUser(appUrl, cognitoPort);
  const call = createApiClient({ baseUrl: appUrl, getToken: () => token });
  const email = `bench-${userId}@example.com`;
  await call(createMyProfile, {
    body: {
      role: 'store',
      businessName,
      contactEmail: email,
      phone: '+34 600000000',
      location: 'Madrid',
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return { token, userId, email, call };
}
