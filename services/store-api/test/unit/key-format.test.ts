import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  checksumOf,
  crc32,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  shownPrefixOf,
} from '../../src/keys/key-format';

describe('store API key format', () => {
  it('is sk_live_ + 32 base62 + a 6-character checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{38}$/);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(key.slice(-6)).toBe(checksumOf(key.slice(8, 40)));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('computes the standard CRC-32', () => {
    // The check value of CRC-32/ISO-HDLC.
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(checksumOf('0'.repeat(32))).toMatch(/^[0-9A-Za-z]{6}$/);
  });

  it('refuses a typo, a wrong prefix, a truncated key and another alphabet', () => {
    const key = generateApiKey();
    const flipped = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(isWellFormedApiKey(key.replace('sk_live_', 'sk_test_'))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, -7)}-${key.slice(-6)}`)).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('draws characters uniformly from its random source (bytes ≥ 248 dropped)', () => {
    let calls = 0;
    const bytes = (n: number) => {
      calls++;
      return Buffer.from(Array.from({ length: n }, (_, i) => (calls === 1 ? 250 : i % 62)));
    };
    const key = generateApiKey(bytes);
    expect(key.slice(8, 40)).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUV');
    expect(calls).toBe(2);
  });

  it('stores the SHA-256 hex and shows only the first 12 characters', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(shownPrefixOf('sk_live_abcdefgh')).toBe('sk_live_abcd');
  });
});
