import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_SHOWN_PREFIX } from '@sneakers/shared/contracts/store-api';

/**
 * The store API key format (docs/product/store-api.md#api-keys): `sk_live_` + 32 random
 * base62 characters + a 6-character base62 CRC-32 of them. The prefix lets secret scanners
 * find a leaked key; the checksum lets them (and the authorizer, before any read) tell a
 * real key from a typo. Pure: no I/O besides the random source.
 */
export const API_KEY_PREFIX = 'sk_live_';
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(
  `^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH}}$`,
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE, as zlib and most scanners compute it) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The checksum part: CRC-32 in base62, left-padded to 6 characters (62^6 > 2^32). */
export function checksumOf(random: string): string {
  let n = crc32(random);
  let out = '';
  for (let i = 0; i < API_KEY_CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62]! + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** Uniform base62: bytes of 248 and above are dropped (248 = 4 × 62), so no character is likelier. */
function randomBase62(length: number, bytes: (n: number) => Buffer): string {
  let out = '';
  while (out.length < length) {
    for (const byte of bytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function generateApiKey(bytes: (n: number) => Buffer = randomBytes): string {
  const random = randomBase62(API_KEY_RANDOM_LENGTH, bytes);
  return `${API_KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** Prefix, length, alphabet and checksum: what can be told without a read. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const random = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH);
  return key.slice(API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH) === checksumOf(random);
}

/**
 * What is stored and looked up: SHA-256 hex of the key. The key is 190 bits of randomness,
 * so a fast unsalted hash is enough (no dictionary to precompute); the lookup is a GetItem
 * on the hash, so no secret is ever compared in code.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What the list shows again: the first 12 characters (`sk_live_` and four more). */
export const shownPrefixOf = (key: string) => key.slice(0, API_KEY_SHOWN_PREFIX);
