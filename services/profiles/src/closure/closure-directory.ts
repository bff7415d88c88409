import {
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  GetUserCommand,
  GlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { BadRequestError, RateLimitedError, UnauthenticatedError } from '@sneakers/shared/errors';
import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import { WRONG_PASSWORD_MESSAGE } from '../account/account-directory';
import { errorName, poolClient } from '../password-reset/user-directory';
import type { ClosureDirectory } from './ports';

/**
 * The user pool for the closure: the caller's username from their own token, the password
 * checked by signing in with it (ADMIN_USER_PASSWORD_AUTH, the tokens thrown away), every
 * session revoked, and the user deleted by the sweep.
 */
export function createClosureDirectory(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'COGNITO_ENDPOINT' | 'USER_POOL_ID' | 'USER_POOL_CLIENT_ID'>,
): ClosureDirectory {
  const client = poolClient(env);
  const poolId = () => {
    if (!env.USER_POOL_ID) throw new Error('USER_POOL_ID is not set');
    return env.USER_POOL_ID;
  };
  const common = (error: unknown): never => {
    const name = errorName(error);
    if (name === 'LimitExceededException' || name === 'TooManyRequestsException')
      throw new RateLimitedError();
    if (name === 'NotAuthorizedException') throw new UnauthenticatedError();
    throw error;
  };
  return {
    async usernameOf(accessToken) {
      try {
        const out = await client.send(new GetUserCommand({ AccessToken: accessToken }));
        if (!out.Username) throw new UnauthenticatedError();
        return out.Username;
      } catch (error) {
        return common(error);
      }
    },
    async checkPassword(username, password) {
      if (!env.USER_POOL_CLIENT_ID) throw new Error('USER_POOL_CLIENT_ID is not set');
      try {
        await client.send(
          new AdminInitiateAuthCommand({
            UserPoolId: poolId(),
            ClientId: env.USER_POOL_CLIENT_ID,
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: password },
          }),
        );
      } catch (error) {
        const name = errorName(error);
        if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException')
          throw new BadRequestError('WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE);
        common(error);
      }
    },
    async signOutEverywhere(accessToken) {
      try {
        await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
      } catch (error) {
        // cognito-local (the local cloud only) has no GlobalSignOut and says so with its own
        // error type; AWS never answers it. The SPA signs itself out after the closure anyway.
        if (/Unsupported/.test(errorName(error) ?? '')) return;
        common(error);
      }
    },
    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }));
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return;
        throw error;
      }
    },
  };
}
