import { describe, expect, it } from 'vitest';
import { secureTokenGenerator, tokensMatch } from '../../src/registration/registration-token';

describe('registration token', () => {
  it('is 128 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => secureTokenGenerator.next()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    }
  });

  it('matches only the exact token, whatever the lengths', () => {
    const token = secureTokenGenerator.next();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token, `${token}x`)).toBe(false);
    expect(tokensMatch(token, token.slice(0, -1))).toBe(false);
    expect(
      tokensMatch(token, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()),
    ).toBe(false);
    expect(tokensMatch(token, '')).toBe(false);
  });

  it('never matches when the store has no token', () => {
    expect(tokensMatch(null, 'anything-at-all-123')).toBe(false);
    expect(tokensMatch(undefined, '')).toBe(false);
    expect(tokensMatch('', '')).toBe(false);
  });
});
