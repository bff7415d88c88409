import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_GROUP } from '@sneakers/shared/actor';
import { DEMO } from '@sneakers/shared/demo';
import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import { errorName, poolClient, setPermanentPassword } from '../password-reset/user-directory';
import { tokenClaims } from './domain';
import type { DemoIdentity } from './ports';

/** What a sign-in of a missing, locked-out or re-passworded demo user fails with (AWS and cognito-local). */
const PROVISIONABLE = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
]);

function groupsInToken(token: string): string[] {
  const groups = tokenClaims(token)['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
}

/**
 * The demo user as a real user-pool account (username DEMO.email, group DEMO_GROUP). It
 * provisions itself: when the sign-in fails, or the token lacks the demo group, it
 * creates the user, sets the configured password and the group, and signs in once more.
 * Every step is idempotent, so parallel first visits converge on the same account.
 */
export function createDemoIdentity(
  env: Pick<
    RuntimeEnv,
    'AWS_REGION' | 'COGNITO_ENDPOINT' | 'USER_POOL_ID' | 'USER_POOL_CLIENT_ID' | 'DEMO_USER_PASSWORD'
  >,
): DemoIdentity {
  const { USER_POOL_ID: poolId, USER_POOL_CLIENT_ID: clientId, DEMO_USER_PASSWORD: password } = env;
  if (!poolId || !clientId || !password)
    throw new Error('USER_POOL_ID, USER_POOL_CLIENT_ID and DEMO_USER_PASSWORD must be set for Try Demo');
  const client = poolClient(env);
  const username = DEMO.email;
  const credentials: Record<string, string> = { USERNAME: username, PASSWORD: password };

  async function signInOnce(): Promise<string | null> {
    try {
      const out = await client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: poolId,
          ClientId: clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: credentials,
        }),
      );
      const token = out.AuthenticationResult?.AccessToken;
      if (!token) throw new Error('The user pool asked the demo user for another sign-in step');
      return groupsInToken(token).includes(DEMO_GROUP) ? token : null;
    } catch (error) {
      if (PROVISIONABLE.has(errorName(error) ?? '')) return null;
      throw error;
    }
  }

  // An arrow function, so the checks above narrow the pool id and password inside it.
  const provision = async (): Promise<void> => {
    try {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: username },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    } catch (error) {
      if (errorName(error) !== 'UsernameExistsException') throw error;
    }
    await setPermanentPassword(client, poolId, username, password);
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: DEMO_GROUP }),
    );
  };

  return {
    async signIn() {
      const token = await signInOnce();
      if (token) return token;
      await provision();
      const retried = await signInOnce();
      if (!retried) throw new Error('The demo user could not sign in after provisioning');
      return retried;
    },
  };
}
