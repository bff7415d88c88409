import { describe, expect, it } from 'vitest';
import { importedRecordId } from '../src/portability/record-id';

describe('importedRecordId', () => {
  it('is the same for every try of a row and differs between rows and imports', () => {
    const id = importedRecordId('imp-1', 42);
    expect(importedRecordId('imp-1', 42)).toBe(id);
    expect(importedRecordId('imp-1', 43)).not.toBe(id);
    expect(importedRecordId('imp-2', 42)).not.toBe(id);
    // "imp-1" row 42 and "imp-14" row 2 must not meet.
    expect(importedRecordId('imp-14', 2)).not.toBe(importedRecordId('imp-1', 42));
  });

  it('is a version 8 UUID', () => {
    expect(importedRecordId('imp-1', 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
