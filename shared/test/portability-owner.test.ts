import { describe, expect, it } from 'vitest';
import type { PortableKind } from '../src/contracts/portability';
import { DEMO } from '../src/demo';
import {
  CHANGED,
  NO_IMPORT_MARKS,
  portabilityOperations,
  type PortableKindStore,
  type PortableStored,
} from '../src/portability/owner';

/**
 * The owners' shared engine (shared/src/portability/owner.ts) over an in-memory store of
 * clients: what apply answers per row, the markers it writes, keys while a record is as the
 * import left it, and undo keeping what changed since.
 */
function memoryClients() {
  const rows = new Map<string, PortableStored>();
  let clock = 0;
  let ids = 0;
  const tick = () => `2026-01-01T00:00:${String(++clock).padStart(2, '0')}.000Z`;
  const store: PortableKindStore = {
    parse(_userId, raw) {
      const email = typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : '';
      if (!email.includes('@'))
        return {
          error: { code: 'VALIDATION', message: 'bad', fields: { email: ['Enter a valid email address'] } },
        };
      const fields = { name: raw.name, email, phone: raw.phone };
      return {
        fields,
        async create(marks) {
          const at = tick();
          const id = `c${++ids}`;
          rows.set(id, {
            id,
            createdAt: at,
            updatedAt: at,
            record: fields,
            marks: { ...marks, importedAt: at },
          });
          return { id, updatedAt: at };
        },
        async update(stored, marks) {
          const current = rows.get(stored.id);
          if (!current || current.updatedAt !== stored.updatedAt) return { error: CHANGED };
          const at = tick();
          rows.set(stored.id, {
            ...current,
            record: { ...current.record, ...fields },
            updatedAt: at,
            marks: { ...marks, importedAt: at },
          });
          return { id: stored.id, updatedAt: at };
        },
      };
    },
    async page(_userId, _cursor, limit) {
      return { items: [...rows.values()].slice(0, limit), cursor: null };
    },
    async getMany(_userId, wanted) {
      return wanted.flatMap((id) => {
        const row = rows.get(id);
        return row ? [row] : [];
      });
    },
    async remove(_userId, stored) {
      return rows.get(stored.id)?.updatedAt === stored.updatedAt && rows.delete(stored.id);
    },
    async restore(_userId, stored, before) {
      if (rows.get(stored.id)?.updatedAt !== stored.updatedAt) return false;
      rows.set(stored.id, { ...stored, record: before, updatedAt: tick(), marks: NO_IMPORT_MARKS });
      return true;
    },
  };
  /** An edit in the app: a new updatedAt, the markers left as they were. */
  const edit = (id: string, changes: Record<string, unknown>) => {
    const row = rows.get(id);
    if (row) rows.set(id, { ...row, record: { ...row.record, ...changes }, updatedAt: tick() });
  };
  const seed = (record: Record<string, unknown>) => {
    const at = tick();
    const id = `c${++ids}`;
    rows.set(id, { id, createdAt: at, updatedAt: at, record, marks: NO_IMPORT_MARKS });
    return rows.get(id) as PortableStored;
  };
  return { rows, store, edit, seed };
}

const kind: PortableKind = 'clients';
const userId = 'user-1';
const erase = async () => ({ deleted: 0, anonymised: 0, done: true });

describe('the portability owner engine', () => {
  it('creates, updates, leaves unchanged and fails rows, and writes the markers', async () => {
    const mem = memoryClients();
    const ana = mem.seed({ name: 'Ana', email: 'ana@x.com', phone: '1' });
    const ops = portabilityOperations({ clients: mem.store }, erase);
    const { results } = await ops.apply({
      op: 'apply',
      userId,
      kind,
      importId: 'i1',
      rows: [
        { row: 0, key: 'ana@x.com', record: { name: 'Ana', email: 'ANA@x.com', phone: '1' }, match: ana },
        { row: 1, key: 'bob@x.com', record: { name: 'Bob', email: 'bob@x.com', phone: '2' }, match: null },
        { row: 2, key: 'x', record: { name: 'X', email: 'nope', phone: '3' }, match: null },
        { row: 3, key: 'ana@x.com', record: { name: 'Ana B', email: 'ana@x.com', phone: '1' }, match: ana },
        { row: 4, key: 'ana@x.com', record: { name: 'Ana C', email: 'ana@x.com', phone: '1' }, match: ana },
        {
          row: 5,
          key: 'ana@x.com',
          record: { name: 'Ana', email: 'ana@x.com', phone: '1' },
          match: { id: ana.id, updatedAt: 'stale' },
        },
      ],
    });
    expect(results.map((r) => [r.row, r.outcome, r.error?.code ?? null])).toEqual([
      [0, 'unchanged', null],
      [1, 'created', null],
      [2, 'failed', 'VALIDATION'],
      [3, 'updated', null],
      // A duplicate key later in the batch matched the record as keys saw it.
      [4, 'updated', null],
      [5, 'failed', 'CHANGED'],
    ]);
    // The second update by the same import keeps the first before-image.
    expect(mem.rows.get(ana.id)?.marks).toMatchObject({
      importId: 'i1',
      importAction: 'updated',
      importRow: 4,
      importBefore: JSON.stringify({ name: 'Ana', email: 'ana@x.com', phone: '1' }),
    });
    const { records } = await ops.keys({ op: 'keys', userId, kind, cursor: null });
    expect(records.map((r) => [r.key, r.importId, r.importAction, r.importRow])).toEqual([
      ['ana@x.com', 'i1', 'updated', 4],
      ['bob@x.com', 'i1', 'created', 1],
    ]);
  });

  it('plans what apply would answer without writing: unchanged, updated, created, failed', async () => {
    const mem = memoryClients();
    const ana = mem.seed({ name: 'Ana', email: 'ana@x.com', phone: '1' });
    const before = structuredClone([...mem.rows.values()]);
    const ops = portabilityOperations({ clients: mem.store }, erase);
    const { results } = await ops.plan({
      op: 'plan',
      userId,
      kind,
      importId: 'i1',
      rows: [
        { row: 0, key: 'ana@x.com', record: { name: 'Ana', email: 'ANA@x.com', phone: '1' }, match: ana },
        { row: 1, key: 'bob@x.com', record: { name: 'Bob', email: 'bob@x.com', phone: '2' }, match: null },
        { row: 2, key: 'x', record: { name: 'X', email: 'nope', phone: '3' }, match: null },
        { row: 3, key: 'ana@x.com', record: { name: 'Ana B', email: 'ana@x.com', phone: '1' }, match: ana },
        // Compared with what row 3 would leave: the same, so unchanged.
        { row: 4, key: 'ana@x.com', record: { name: 'Ana B', email: 'ana@x.com', phone: '1' }, match: ana },
        {
          row: 5,
          key: 'ana@x.com',
          record: { name: 'Ana', email: 'ana@x.com', phone: '1' },
          match: { id: ana.id, updatedAt: 'stale' },
        },
      ],
    });
    expect(results.map((r) => [r.row, r.outcome, r.id, r.error?.code ?? null])).toEqual([
      [0, 'unchanged', ana.id, null],
      [1, 'created', null, null],
      [2, 'failed', null, 'VALIDATION'],
      [3, 'updated', ana.id, null],
      [4, 'unchanged', ana.id, null],
      [5, 'failed', ana.id, 'CHANGED'],
    ]);
    expect([...mem.rows.values()]).toEqual(before);
    await expect(
      ops.plan({ op: 'plan', userId: DEMO.userId, kind, importId: 'i1', rows: [] }),
    ).rejects.toThrow();
  });

  it('undoes what the import did but keeps what changed since, and keys forget it', async () => {
    const mem = memoryClients();
    const ana = mem.seed({ name: 'Ana', email: 'ana@x.com', phone: '1' });
    const ops = portabilityOperations({ clients: mem.store }, erase);
    const { results } = await ops.apply({
      op: 'apply',
      userId,
      kind,
      importId: 'i1',
      rows: [
        { row: 0, key: 'a', record: { name: 'Ana B', email: 'ana@x.com', phone: '1' }, match: ana },
        { row: 1, key: 'b', record: { name: 'Bob', email: 'bob@x.com', phone: '2' }, match: null },
        { row: 2, key: 'c', record: { name: 'Cy', email: 'cy@x.com', phone: '3' }, match: null },
      ],
    });
    mem.edit(results[2]?.id ?? '', { phone: '33' });
    const keys = await ops.keys({ op: 'keys', userId, kind, cursor: null });
    expect(keys.records.find((r) => r.key === 'cy@x.com')).toMatchObject({ importId: null, importRow: null });

    expect(await ops.undo({ op: 'undo', userId, kind, importId: 'i1', cursor: null })).toEqual({
      reverted: 2,
      kept: 1,
      cursor: null,
    });
    expect([...mem.rows.values()].map((r) => r.record)).toEqual([
      { name: 'Ana', email: 'ana@x.com', phone: '1' },
      { name: 'Cy', email: 'cy@x.com', phone: '33' },
    ]);
  });

  it('exports the portable records, and refuses the demo store’s writes', async () => {
    const mem = memoryClients();
    mem.seed({ name: 'Ana', email: 'ana@x.com', phone: '1' });
    const ops = portabilityOperations({ clients: mem.store }, erase);
    const { records } = await ops.export({ op: 'export', userId, kind, cursor: null });
    expect(records).toEqual([
      expect.objectContaining({ record: { name: 'Ana', email: 'ana@x.com', phone: '1' }, files: [] }),
    ]);
    await expect(
      ops.apply({ op: 'apply', userId: DEMO.userId, kind, importId: 'i', rows: [] }),
    ).rejects.toMatchObject({ code: 'DEMO_MODE' });
    await expect(
      ops.undo({ op: 'undo', userId: 'demo-someone', kind, importId: 'i', cursor: null }),
    ).rejects.toMatchObject({ code: 'DEMO_MODE' });
    await expect(ops.keys({ op: 'keys', userId, kind: 'sales', cursor: null })).rejects.toThrow(
      /does not own/,
    );
  });
});
