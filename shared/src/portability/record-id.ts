import { createHash } from 'node:crypto';

/**
 * The id of the record an import's row creates, the same for every try of that row: a worker
 * that applies a chunk again (the bus's second delivery, a take-over after a stale heartbeat
 * while the first worker still writes) writes the record it wrote before, never a second one
 * (docs/product/migration-tools.md#the-import-job). A UUID of version 8 (RFC 9562: custom),
 * from SHA-256 of the import id and the row number.
 */
export function importedRecordId(importId: string, row: number): string {
  const hash = createHash('sha256').update(`${importId}\u0000${row}`).digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x80, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
