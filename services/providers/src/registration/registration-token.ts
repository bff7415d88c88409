import { createHash, timingSafeEqual } from 'node:crypto';
import { secureToken } from '@sneakers/shared/ids';

/** Source of registration-link tokens; injected so tests can predict them. */
export interface TokenGenerator {
  next(): string;
}

/** 16 random bytes (128 bits), base64url: 22 characters, safe in a URL path. */
export const secureTokenGenerator: TokenGenerator = { next: () => secureToken(16) };

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Constant-time token check. Both sides are hashed first so the comparison always runs
 * over 32 bytes: neither a length mismatch nor a matching prefix shows in the timing.
 */
export function tokensMatch(expected: string | null | undefined, given: string): boolean {
  if (!expected) {
    // Same work as a real comparison, so an unknown store answers no faster than a wrong token.
    timingSafeEqual(digest(given), digest(given));
    return false;
  }
  return timingSafeEqual(digest(expected), digest(given));
}
