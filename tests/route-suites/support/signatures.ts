import { createHmac } from 'node:crypto';
import type { Contract } from '@sneakers/shared/contracts/contract';
import { LOCAL_BILLING_CREDENTIALS } from '../../../localstack/src/names';

/**
 * How the sender of each signed raw-body route (a contract with `rawBody`: a provider's
 * webhook) signs, so the suites can send a real signature as the control and forged ones as
 * the probes. A `rawBody` route missing here fails the suites: add its signer.
 */
export interface Signer {
  header: string;
  /** The header value for `body` signed with `secret` at unix time `at`. */
  sign(secret: string, body: string, at: number): string;
  /** The secret the local cloud's sender uses (the local Secrets Manager holds the same). */
  secret: string;
  /** A body the route must accept when signed right: an event it does not handle (2xx, nothing changes). */
  harmlessBody(): string;
  /** Seconds a signature stays valid. */
  toleranceSeconds: number;
}

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** Stripe's scheme: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
const stripe: Signer = {
  header: 'stripe-signature',
  sign: (secret, body, at) => `t=${at},v1=${hmac(secret, `${at}.${body}`)}`,
  secret: LOCAL_BILLING_CREDENTIALS.webhookSecret,
  harmlessBody: () =>
    JSON.stringify({
      id: `evt_route_suites_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`,
      object: 'event',
      type: 'route_suites.probe',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'route_suites_probe', object: 'route_suites_probe' } },
    }),
  toleranceSeconds: 300,
};

export const SIGNED_ROUTES: Record<string, Signer> = {
  'billing.webhook.receive': stripe,
};

export function signerOf(c: Contract): Signer | undefined {
  return Object.hasOwn(SIGNED_ROUTES, c.id) ? SIGNED_ROUTES[c.id] : undefined;
}

/** Signatures the route must refuse (400), each with what is wrong with it. */
export function forgedSignatures(
  signer: Signer,
  body: string,
): { label: string; headers: Record<string, string> }[] {
  const now = Math.floor(Date.now() / 1000);
  const h = (value: string) => ({ [signer.header]: value });
  const right = signer.sign(signer.secret, body, now);
  const v1 = right.split('v1=')[1] ?? '';
  return [
    { label: 'no signature', headers: {} },
    { label: 'empty signature', headers: h('') },
    { label: 'garbage signature', headers: h('not a signature') },
    { label: 'timestamp only', headers: h(`t=${now}`) },
    { label: 'signed with another secret', headers: h(signer.sign(`${signer.secret}_forged`, body, now)) },
    { label: 'signed for another body', headers: h(signer.sign(signer.secret, `${body} `, now)) },
    {
      label: 'stale (past the tolerance)',
      headers: h(signer.sign(signer.secret, body, now - signer.toleranceSeconds - 60)),
    },
    { label: 'right digest, other timestamp', headers: h(`t=${now - 1},v1=${v1}`) },
    { label: 'an unknown scheme only', headers: h(`t=${now},v0=${v1}`) },
    { label: 'a truncated digest', headers: h(`t=${now},v1=${v1.slice(0, 32)}`) },
  ];
}
