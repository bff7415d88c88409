import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (docs/product/store-api.md#webhooks): HTTPS to a public address. A
 * store's URL is a request our servers make on its behalf, so private, loopback, link-local
 * and unique-local addresses are refused (server-side request forgery); the check runs on the
 * addresses a name resolves to, at connect time, so a name pointing at 127.0.0.1 is refused too.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (the instance metadata service lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fe80::', 10], // link-local
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 one embeds (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1] ?? '0', 16);
  const low = parseInt(hex[2] ?? '0', 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for an address a webhook must never reach (or for text that is not an address). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true;
}

export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  return (
    bare === '::1' ||
    bare.startsWith('127.') ||
    bare === 'localhost' ||
    embeddedIpv4(bare)?.startsWith('127.') === true
  );
}

/**
 * What the local cloud may do besides AWS's rule: reach a receiver on loopback over plain HTTP
 * (tests and local development). Only honoured when STAGE is `local`, which no deployed stage is.
 */
export interface UrlPolicy {
  allowLoopbackHttp: boolean;
}

export const AWS_URL_POLICY: UrlPolicy = { allowLoopbackHttp: false };

/** The policy from the environment: `WEBHOOKS_ALLOW_LOOPBACK=true` counts only on the local stage. */
export function urlPolicyFrom(env: Record<string, string | undefined>): UrlPolicy {
  return { allowLoopbackHttp: env.STAGE === 'local' && env.WEBHOOKS_ALLOW_LOOPBACK === 'true' };
}

export type UrlProblem = 'not_https' | 'credentials' | 'blocked_address' | 'invalid';

/** The URL's own problems, before any name is resolved (a literal address is checked here too). */
export function checkWebhookUrl(raw: string, policy: UrlPolicy): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackAllowed = policy.allowLoopbackHttp && isLoopbackAddress(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackAllowed)) return 'not_https';
  if (isIP(host) !== 0 && isBlockedAddress(host) && !loopbackAllowed) return 'blocked_address';
  if (!isIP(host) && (host === 'localhost' || host.endsWith('.localhost')) && !loopbackAllowed)
    return 'blocked_address';
  return null;
}

/** Whether a resolved address may be connected to under the policy. */
export function addressAllowed(address: string, policy: UrlPolicy): boolean {
  if (policy.allowLoopbackHttp && isLoopbackAddress(address)) return true;
  return !isBlockedAddress(address);
}
