import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { USER_POOL } from '@sneakers/shared/auth/user-pool';
import { spawnChild } from './children';
import { READY_TIMEOUT_MS, waitFor } from './wait';

export interface LocalUserPool {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  client: CognitoIdentityProviderClient;
}

/** Cognito trigger name (as cognito-local's TriggerFunctions spells it) to Lambda function name. */
export type TriggerFunctions = Partial<Record<'PreSignUp', string>>;

export async function startCognito(opts: {
  port: number;
  dataDir: string;
  /** The Lambda Invoke API cognito-local calls triggers through (its AWS SDK v2 client). */
  lambdaEndpoint?: string;
  triggers?: TriggerFunctions;
  /** Where the pool's own emails (verification codes) go, as AWS would email them; else the console. */
  mail?: { sesEndpoint: string; from: string };
}): Promise<Omit<LocalUserPool, 'userPoolId' | 'clientId'>> {
  const endpoint = `http://127.0.0.1:${opts.port}`;
  mkdirSync(join(opts.dataDir, '.cognito'), { recursive: true });
  // Tokens must name the address the gateway verifies them against.
  const config = {
    TokenConfig: { IssuerDomain: endpoint },
    ...(opts.lambdaEndpoint
      ? {
          LambdaClient: {
            endpoint: opts.lambdaEndpoint,
            region: 'eu-west-1',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          },
          TriggerFunctions: opts.triggers ?? {},
        }
      : {}),
  };
  writeFileSync(join(opts.dataDir, '.cognito', 'config.json'), JSON.stringify(config, null, 2));
  // cognito-local with the calls it lacks (global sign-out) and its codes emailed.
  const start = fileURLToPath(new URL('./cognito-local-start.mjs', import.meta.url));
  spawnChild('cognito-local', process.execPath, [start], {
    cwd: opts.dataDir,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      ...(opts.mail
        ? { COGNITO_LOCAL_SES_ENDPOINT: opts.mail.sesEndpoint, COGNITO_LOCAL_EMAIL_FROM: opts.mail.from }
        : {}),
    },
  });
  const client = new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await waitFor(
    'cognito-local',
    async () => {
      await client.send(new ListUserPoolsCommand({ MaxResults: 1 }));
      return true;
    },
    READY_TIMEOUT_MS,
  );
  return { endpoint, client };
}

/** Creates the pool, its SPA client and groups from the shared definition, once. */
export async function ensureUserPool(
  base: Omit<LocalUserPool, 'userPoolId' | 'clientId'>,
  poolName: string,
): Promise<LocalUserPool> {
  const { client } = base;
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        // As the auth stack's keepOriginal: a new email signs in only once its code is confirmed.
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        Policies: {
          PasswordPolicy: {
            MinimumLength: USER_POOL.passwordMinLength,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        Schema: Object.entries(USER_POOL.customAttributes).map(([name, spec]) => ({
          Name: name,
          AttributeDataType: 'String',
          Mutable: true,
          StringAttributeConstraints: { MinLength: '0', MaxLength: String(spec.maxLength) },
        })),
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local did not return a pool id');
    for (const [GroupName, Description] of Object.entries(USER_POOL.groups)) {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName, Description }));
    }
  }
  const clients = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === 'spa')?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'spa',
        ExplicitAuthFlows: USER_POOL.clientAuthFlows.map((f) => `ALLOW_${f}` as const),
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('cognito-local did not return a client id');
  }
  return { ...base, userPoolId, clientId };
}

/** A confirmed user with a permanent password, optionally in groups. Idempotent. */
export async function ensureUser(
  pool: LocalUserPool,
  user: { email: string; password: string; groups?: string[] },
): Promise<string> {
  const { client, userPoolId } = pool;
  let sub: string | undefined;
  try {
    const existing = await client.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }),
    );
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (!(error instanceof UserNotFoundException) && (error as Error).name !== 'UserNotFoundException')
      throw error;
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        Password: user.password,
        Permanent: true,
      }),
    );
    for (const group of user.groups ?? []) {
      await client.send(
        new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName: group }),
      );
    }
  }
  if (!sub) throw new Error(`No sub for ${user.email}`);
  return sub;
}

/**
 * Verifies tokens as API Gateway's JWT authorizer does: signature against the pool's
 * JWKS, issuer, expiry, and the SPA client as audience (`aud` on id tokens, `client_id`
 * on access tokens).
 */
export async function createTokenVerifier(pool: LocalUserPool) {
  const issuer = `${pool.endpoint}/${pool.userPoolId}`;
  const jwksUri = `${issuer}/.well-known/jwks.json`;
  const verifier = JwtRsaVerifier.create({ issuer, jwksUri, audience: null });
  const jwks = (await fetch(jwksUri).then((r) => r.json())) as Jwks;
  verifier.cacheJwks(jwks);
  return async function verify(token: string): Promise<JwtPayload | undefined> {
    try {
      const payload = await verifier.verify(token);
      const audience = payload.aud ?? payload.client_id;
      const audiences = Array.isArray(audience) ? audience : [audience];
      return audiences.includes(pool.clientId) ? payload : undefined;
    } catch {
      return undefined;
    }
  };
}
