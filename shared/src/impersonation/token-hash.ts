import { createHash } from 'node:crypto';

/** How a grant is keyed: lower-case hex SHA-256 of the token's UTF-8 bytes (the admin service stores the same). */
export function impersonationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
