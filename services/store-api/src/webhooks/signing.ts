import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, docs/product/store-api.md#webhooks):
 * `webhook-signature` is `v1,<base64 HMAC-SHA256 of id.timestamp.body>` under each secret that
 * is valid now, separated by spaces, so a receiver holding either secret during a rotation
 * accepts the message.
 */

const SECRET_PREFIX = 'whsec_';
/** 24 random bytes, as the Standard Webhooks libraries generate (between 24 and 64 is allowed). */
const SECRET_BYTES = 24;
/** How much of a secret the product shows again: the prefix and four characters. */
export const SECRET_SHOWN_LENGTH = SECRET_PREFIX.length + 4;

export function newWebhookSecret(random: (n: number) => Uint8Array = randomBytes): string {
  return SECRET_PREFIX + Buffer.from(random(SECRET_BYTES)).toString('base64');
}

export function shownSecret(secret: string): string {
  return secret.slice(0, SECRET_SHOWN_LENGTH);
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers for one attempt: signed by every secret given (current first). */
export function signWebhook(
  secrets: readonly string[],
  message: { id: string; at: Date; payload: string },
): SignedHeaders {
  if (secrets.length === 0) throw new Error('No secret to sign with');
  const signatures = secrets.map((secret) =>
    new Webhook(secret).sign(message.id, message.at, message.payload),
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
