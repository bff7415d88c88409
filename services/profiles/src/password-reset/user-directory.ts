import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { NotFoundError, ValidationError } from '@sneakers/shared/errors';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import { RESET_LINK_INVALID_MESSAGE } from './domain';
import type { UserDirectory } from './ports';

/** The name of an error the user pool answered with (`UserNotFoundException` ...). */
export function errorName(error: unknown): string | undefined {
  return (error as { name?: string }).name;
}

/** A user-pool client with the admin API, local endpoint included. */
export function poolClient(env: Pick<RuntimeEnv, 'AWS_REGION' | 'COGNITO_ENDPOINT'>) {
  return new CognitoIdentityProviderClient({
    region: env.AWS_REGION,
    maxAttempts: 3,
    ...localClientConfig(env.COGNITO_ENDPOINT),
  });
}

/** Sets a user's password as permanent (no change asked at the next sign-in). */
export async function setPermanentPassword(
  client: CognitoIdentityProviderClient,
  poolId: string,
  username: string,
  password: string,
): Promise<void> {
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
}

/** Admin calls on the user pool (usernames are emails): AdminGetUser, AdminSetUserPassword. */
export function createUserDirectory(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'COGNITO_ENDPOINT' | 'USER_POOL_ID'>,
): UserDirectory {
  const poolId = env.USER_POOL_ID;
  if (!poolId) throw new Error('USER_POOL_ID is not set');
  const client = poolClient(env);
  return {
    async findByEmail(email) {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
        const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
        const sub = attr('sub');
        if (!user.Username || !sub || user.Enabled === false) return null;
        return { username: user.Username, userId: sub, email: attr('email') ?? email };
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return null;
        throw error;
      }
    },
    async setPassword(username, password) {
      try {
        await setPermanentPassword(client, poolId, username, password);
      } catch (error) {
        const name = errorName(error);
        if (name === 'InvalidPasswordException' || name === 'InvalidParameterException')
          throw new ValidationError('Some fields are not valid.', { password: [(error as Error).message] });
        if (name === 'UserNotFoundException')
          throw new NotFoundError(RESET_LINK_INVALID_MESSAGE, 'RESET_LINK_INVALID');
        throw error;
      }
    },
  };
}
