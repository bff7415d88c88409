import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as z from 'zod/mini';

/**
 * Tokens an attacker could make. cognito-local signs every token with one RSA key that
 * ships in its package (kid "CognitoLocal"), so a test can sign claims of its choosing
 * with the real key (expired, wrong issuer, wrong client) as well as with a key of its own.
 */
const keyFile = z.object({ pem: z.string() });
const claimsSchema = z.looseObject({ iss: z.string(), exp: z.number(), iat: z.number() });
type Claims = z.infer<typeof claimsSchema>;

const cognitoLocalKey = createPrivateKey(
  z.parse(
    keyFile,
    JSON.parse(
      readFileSync(
        createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json'),
        'utf8',
      ),
    ),
  ).pem,
);

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function jwt(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  key: KeyObject | null,
): string {
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  if (!key) return `${unsigned}.`;
  return `${unsigned}.${base64url(sign('RSA-SHA256', Buffer.from(unsigned), key))}`;
}

export function claimsOf(token: string): Claims {
  const payload = token.split('.')[1] ?? '';
  return z.parse(claimsSchema, JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
}

/** Variants of a real access token; `control` differs only in being re-signed, and must be accepted. */
export function forgeTokens(realToken: string) {
  const claims = claimsOf(realToken);
  const now = Math.floor(Date.now() / 1000);
  const fresh = { ...claims, iat: now, exp: now + 3600 };
  const header = { alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' };
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return {
    control: jwt(header, fresh, cognitoLocalKey),
    attacks: {
      expired: jwt(header, { ...claims, iat: now - 7200, exp: now - 3600 }, cognitoLocalKey),
      'wrong signature': jwt(header, fresh, otherKey),
      'alg none': jwt({ alg: 'none', typ: 'JWT' }, fresh, null),
      'alg none with kid': jwt({ alg: 'none', kid: 'CognitoLocal', typ: 'JWT' }, fresh, null),
      'wrong issuer': jwt(header, { ...fresh, iss: `${claims.iss}-other` }, cognitoLocalKey),
      'wrong client': jwt(
        header,
        { ...fresh, client_id: 'another-client', aud: 'another-client' },
        cognitoLocalKey,
      ),
      'tampered claims': tamper(realToken, { ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
      garbage: 'x.y.z',
    },
  };
}

/** The real signature over claims it was not made for. */
function tamper(token: string, claims: Claims): string {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url(JSON.stringify(claims))}.${signature}`;
}
