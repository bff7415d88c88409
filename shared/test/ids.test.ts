import { describe, expect, it } from 'vitest';
import { secureToken, ulid } from '../src/ids';

describe('ids', () => {
  it('makes 26-character ULIDs that sort by time', () => {
    const a = ulid(1_700_000_000_000);
    const b = ulid(1_700_000_000_001);
    expect(a).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(a < b).toBe(true);
  });

  it('encodes the same time the same way', () => {
    expect(ulid(0, new Uint8Array(10)).slice(0, 10)).toBe('0000000000');
    expect(ulid(0, new Uint8Array(10))).toBe('00000000000000000000000000');
  });

  it('makes unguessable URL-safe tokens', () => {
    const token = secureToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(secureToken()).not.toBe(token);
  });
});
