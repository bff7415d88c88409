import { describe, expect, it } from 'vitest';
import type { PortableKind } from '../src/contracts/portability';
import { DEMO } from '../src/demo';
import {
  CHANGED,
  NO_IMPORT_MARKS,
  portabilityOperations,
  type ImportIndex,
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
      let id: string | undefined;
      const newId = () => (id ??= `c${++ids}`);
      return {
        fields,
        newId,
        async create(marks) {
          const at = tick();
          const id = newId();
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

/**
 * An import index over a Map (lists keeps one in DynamoDB): entries in the order written,
 * paged one at a time by key, so a page's cursor survives dropping the entries before it.
 */
function memoryIndex(rows: Map<string, PortableStored>) {
  const entries = new Map<string, { importId: string; ids: string[] }>();
  /** What the records were when each entry was first written. */
  const seenAtRecord: string[][] = [];
  let n = 0;
  const index: ImportIndex = {
    async record(_userId, importId, ids) {
      const key = `e${++n}`;
      entries.set(key, { importId, ids });
      seenAtRecord.push([...rows.keys()]);
      return async (written) => {
        if (written.length > 0) entries.set(key, { importId, ids: written });
        else entries.delete(key);
      };
    },
    async page(_userId, importId, cursor) {
      const mine = [...entries].filter(([key, e]) => e.importId === importId && key > (cursor ?? ''));
      const [first] = mine;
      return {
        ids: first?.[1].ids ?? [],
        cursor: mine.length > 1 && first ? first[0] : null,
        forget: async () => {
          if (first) entries.delete(first[0]);
        },
      };
    },
  };
  return { entries, index, seenAtRecord };
}

/** Rows of import i1 in one apply call. */
function applyAll(ops: ReturnType<typeof portabilityOperations>, rows: ReturnType<typeof clientRow>[]) {
  return ops.apply({ op: 'apply', userId, kind, importId: 'i1', rows });
}

/** A row of a client whose email is their first name's at x.com. */
function clientRow(
  row: number,
  name: string,
  phone: string,
  match: { id: string; updatedAt: string } | null,
) {
  const email = `${(name.split(' ')[0] ?? name).toLowerCase()}@x.com`;
  return { row, key: email, record: { name, email, phone }, match };
}

describe('the engine writing several records at once', () => {
  it('answers as one by one would, the rows on one record in their order', async () => {
    const mem = memoryClients();
    const ana = mem.seed({ name: 'Ana', email: 'ana@x.com', phone: '1' });
    let inFlight = 0;
    let most = 0;
    const slow =
      <A extends unknown[], T>(write: (...args: A) => Promise<T>) =>
      async (...args: A) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        try {
          return await write(...args);
        } finally {
          inFlight--;
        }
      };
    const store: PortableKindStore = {
      ...mem.store,
      writeConcurrency: 4,
      parse(user, raw, newId) {
        const parsed = mem.store.parse(user, raw, newId);
        if ('error' in parsed) return parsed;
        return { ...parsed, create: slow(parsed.create), update: slow(parsed.update) };
      },
    };
    const ops = portabilityOperations({ clients: store }, erase);
    const people = ['Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'];
    const { results } = await applyAll(ops, [
      clientRow(0, 'Ana B', '1', ana),
      clientRow(1, 'Ana C', '1', ana),
      ...people.map((name, i) => clientRow(i + 2, name, '2', null)),
    ]);
    expect(most).toBe(4);
    expect(results.map((r) => [r.row, r.outcome])).toEqual([
      [0, 'updated'],
      [1, 'updated'],
      ...people.map((_, i) => [i + 2, 'created']),
    ]);
    expect(mem.rows.get(ana.id)).toMatchObject({
      record: { name: 'Ana C' },
      marks: { importRow: 1, importBefore: JSON.stringify({ name: 'Ana', email: 'ana@x.com', phone: '1' }) },
    });
  });
});

describe('the engine with an import index', () => {
  it('names what a call writes before it writes, then narrows the entry to what it wrote', async () => {
    const mem = memoryClients();
    const ana = mem.seed({ name: 'Ana', email: 'ana@x.com', phone: '1' });
    const cy = mem.seed({ name: 'Cy', email: 'cy@x.com', phone: '3' });
    const dee = mem.seed({ name: 'Dee', email: 'dee@x.com', phone: '4' });
    const { entries, index, seenAtRecord } = memoryIndex(mem.rows);
    const mine = { code: 'CHANGED', message: 'Changed: run the import again.' };
    const ops = portabilityOperations(
      { clients: { ...mem.store, importIndex: index, changed: mine } },
      erase,
    );
    // Dee is edited after the entry is written and before the call writes her: the edit wins.
    const racing = index.record.bind(index);
    index.record = async (...args) => {
      const narrow = await racing(...args);
      mem.edit(dee.id, { phone: '44' });
      return narrow;
    };
    const { results } = await applyAll(ops, [
      clientRow(0, 'Ana B', '1', ana),
      clientRow(1, 'Bob', '2', null),
      clientRow(2, 'Cy', '3', cy),
      { ...clientRow(3, 'X', '5', null), record: { name: 'X', email: 'nope', phone: '5' } },
      clientRow(4, 'Dee B', '4', dee),
      clientRow(5, 'Ana Z', '1', { id: ana.id, updatedAt: 'stale' }),
    ]);
    expect(results.map((r) => [r.row, r.outcome, r.error?.message ?? null])).toEqual([
      [0, 'updated', null],
      [1, 'created', null],
      [2, 'unchanged', null],
      [3, 'failed', 'bad'],
      [4, 'failed', CHANGED.message],
      [5, 'failed', mine.message],
    ]);
    const bob = results[1]?.id ?? '';
    // Written before the writes: Bob was not there yet, and the entry named Dee too.
    expect(seenAtRecord).toEqual([[ana.id, cy.id, dee.id]]);
    expect([...entries.values()]).toEqual([{ importId: 'i1', ids: [ana.id, bob] }]);

    // A call that writes nothing leaves no entry.
    index.record = racing;
    await applyAll(ops, [clientRow(6, 'Cy', '3', cy)]);
    expect(entries.size).toBe(1);
  });

  it('undoes from the index: a record a write elsewhere stripped of its markers is counted kept', async () => {
    const mem = memoryClients();
    const ana = mem.seed({ name: 'Ana', email: 'ana@x.com', phone: '1' });
    const { entries, index } = memoryIndex(mem.rows);
    const ops = portabilityOperations({ clients: { ...mem.store, importIndex: index } }, erase);
    const created = [];
    for (const [i, name] of ['Bob', 'Cy', 'Dee'].entries()) {
      const { results } = await applyAll(ops, [
        clientRow(i, name, '2', null),
        ...(i === 0 ? [clientRow(9, 'Ana B', '1', ana)] : []),
      ]);
      created.push(results[0]?.id ?? '');
    }
    // Cy taken by a whole-record write elsewhere: no markers, so only the index knows it.
    const cy = mem.rows.get(created[1] ?? '') as PortableStored;
    mem.rows.set(cy.id, { ...cy, updatedAt: '2027-01-01T00:00:00.000Z', marks: NO_IMPORT_MARKS });

    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await ops.undo({ op: 'undo', userId, kind, importId: 'i1', cursor });
      pages.push(page);
      cursor = page.cursor;
    } while (cursor);
    expect(pages.map((p) => [p.reverted, p.kept])).toEqual([
      [2, 0],
      [0, 1],
      [1, 0],
    ]);
    expect([...mem.rows.values()].map((r) => r.record.name).sort()).toEqual(['Ana', 'Cy']);
    expect(entries.size).toBe(0);
  });
});
