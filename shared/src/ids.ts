import { randomBytes } from 'node:crypto';

/** Injected id source (docs/architecture.md#35-injected-clock-and-ids). */
export interface IdGenerator {
  next(): string;
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32, as ULID

/**
 * ULIDs: 48 bits of time then 80 random bits, so ids sort by creation time, which the
 * "newest first" access patterns rely on.
 */
export function ulid(now: number = Date.now(), random: Uint8Array = randomBytes(10)): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let bits = 0;
  let value = 0;
  let rand = '';
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      rand += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return time + rand;
}

export const ulidGenerator: IdGenerator = { next: () => ulid() };

export function sequenceIds(prefix = 'id'): IdGenerator {
  let n = 0;
  return { next: () => `${prefix}-${String(++n).padStart(4, '0')}` };
}

/** Unguessable tokens for share links and registration links (128 bits, URL-safe). */
export function secureToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}
