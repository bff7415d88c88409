import { fixedClock } from '@sneakers/shared/clock';
import type { SavedMapping } from '@sneakers/shared/contracts/migration';
import type { PortabilityRequest, PortableKey } from '@sneakers/shared/contracts/portability';
import { sequenceIds } from '@sneakers/shared/ids';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { ImportFiles } from '../../src/files/ports';
import type {
  ImportDeps,
  ImportRecord,
  ImportsRepository,
  RowFailure,
  RowFix,
  StoredRow,
} from '../../src/imports/ports';
import type { MappingsRepository } from '../../src/mappings/ports';

/** The imports repository over Maps, with the events its saves wrote. */
export function memoryImports(): ImportsRepository & { events: OutboxEvent[]; active: Map<string, string> } {
  const records = new Map<string, ImportRecord>();
  const chunks = new Map<string, StoredRow[][]>();
  const fixes = new Map<string, Map<number, RowFix>>();
  const failures = new Map<string, Map<number, RowFailure>>();
  const events: OutboxEvent[] = [];
  const active = new Map<string, string>();
  const id = (userId: string, importId: string) => `${userId}#${importId}`;
  return {
    events,
    active,
    async create(record) {
      records.set(id(record.ownerUserId, record.id), structuredClone(record));
    },
    async get(userId, importId) {
      const found = records.get(id(userId, importId));
      return found ? structuredClone(found) : null;
    },
    async list(userId) {
      return { items: [...records.values()].filter((r) => r.ownerUserId === userId).reverse(), cursor: null };
    },
    async save(next, extra = {}) {
      const key = id(next.ownerUserId, next.id);
      if (records.get(key)?.version !== next.version - 1) return 'stale';
      records.set(key, structuredClone(next));
      if (extra.event) events.push(extra.event);
      if (extra.active === 'put') active.set(next.id, next.updatedAt);
      if (extra.active === 'remove') active.delete(next.id);
      if (extra.fix) {
        const own = fixes.get(key) ?? new Map<number, RowFix>();
        own.set(extra.fix.row, structuredClone(extra.fix));
        fixes.set(key, own);
      }
      for (const failure of extra.failures ?? []) {
        const own = failures.get(key) ?? new Map<number, RowFailure>();
        own.set(failure.row, failure);
        failures.set(key, own);
      }
      return 'committed';
    },
    async clearRows(userId, importId) {
      chunks.delete(id(userId, importId));
      fixes.delete(id(userId, importId));
      failures.delete(id(userId, importId));
    },
    async putChunk(userId, importId, rows, expectedVersion) {
      if (expectedVersion !== undefined && records.get(id(userId, importId))?.version !== expectedVersion)
        return 'stale';
      // Keyed by the chunk's first row, as the table's sort key: a chunk written again replaces itself.
      const first = rows[0]?.row;
      if (first === undefined) return 'committed';
      const own = (chunks.get(id(userId, importId)) ?? []).filter((c) => c[0]?.row !== first);
      own.push(structuredClone(rows));
      own.sort((a, b) => (a[0]?.row ?? 0) - (b[0]?.row ?? 0));
      chunks.set(id(userId, importId), own);
      return 'committed';
    },
    async chunksFrom(userId, importId, fromRow, maxChunks) {
      const own = chunks.get(id(userId, importId)) ?? [];
      const at = own.findIndex((c) => (c[c.length - 1]?.row ?? -1) >= fromRow);
      return at === -1 ? [] : structuredClone(own.slice(at, at + maxChunks));
    },
    async fixes(userId, importId, fromRow, toRow) {
      const own = fixes.get(id(userId, importId)) ?? new Map<number, RowFix>();
      return new Map([...own].filter(([row]) => row >= fromRow && row <= toRow));
    },
    async *failures(userId, importId) {
      yield [...(failures.get(id(userId, importId))?.values() ?? [])];
    },
    async remove(userId, importId) {
      const key = id(userId, importId);
      chunks.delete(key);
      fixes.delete(key);
      failures.delete(key);
      active.delete(importId);
      records.delete(key);
    },
    async staleJobs(before) {
      return [...active]
        .filter(([, at]) => at < before)
        .flatMap(([importId]) => {
          const found = [...records.values()].find((r) => r.id === importId);
          return found ? [{ userId: found.ownerUserId, importId }] : [];
        });
    },
  };
}

export function memoryMappings(): MappingsRepository {
  const rows = new Map<string, SavedMapping & { userId: string }>();
  return {
    list: async (userId) => [...rows.values()].filter((m) => m.userId === userId),
    put: async (userId, mapping) => {
      rows.set(mapping.mappingId, { ...mapping, userId });
    },
    delete: async (_userId, mappingId) => rows.delete(mappingId),
  };
}

export function memoryFiles(): ImportFiles & { objects: Map<string, Uint8Array> } {
  const objects = new Map<string, Uint8Array>();
  return {
    objects,
    presignPut: async ({ key }) => ({ url: `https://uploads.test/${key}`, headers: {} }),
    size: async (key) => objects.get(key)?.length ?? null,
    open: (key) => async () =>
      (async function* () {
        const bytes = objects.get(key) ?? new Uint8Array(0);
        for (let i = 0; i < bytes.length; i += 4096) yield bytes.slice(i, i + 4096);
      })(),
    put: async (key, body) => {
      objects.set(key, new TextEncoder().encode(body));
    },
    delete: async (keys) => {
      for (const key of keys) objects.delete(key);
    },
    presignGet: async (key) => `https://uploads.test/${key}?signed`,
  };
}

interface OwnedRecord {
  id: string;
  userId: string;
  key: string;
  record: Record<string, unknown>;
  updatedAt: string;
  importId: string | null;
  importAction: 'created' | 'updated' | null;
  importRow: number | null;
  before: Record<string, unknown> | null;
}

/**
 * A records owner over a Map following portability.ts's rules (markers, before-images,
 * unchanged, CHANGED): the transport the worker's unit tests call instead of Lambda.
 */
export function memoryOwner(clock: { now(): Date }) {
  const records = new Map<string, OwnedRecord>();
  let n = 0;
  let tick = 0;
  const stamp = () => new Date(clock.now().getTime() + ++tick).toISOString();
  const calls = { apply: 0, plan: 0 };
  const transport = async (_service: string, payload: unknown): Promise<unknown> => {
    const request = payload as PortabilityRequest;
    switch (request.op) {
      case 'keys': {
        const all = [...records.values()].filter((r) => r.userId === request.userId);
        return {
          records: all.map((r): PortableKey => ({
            key: r.key,
            id: r.id,
            updatedAt: r.updatedAt,
            importId: r.importId,
            importAction: r.importAction,
            importRow: r.importRow,
          })),
          cursor: null,
        };
      }
      case 'apply':
      case 'plan': {
        const write = request.op === 'apply';
        if (write) calls.apply += 1;
        else calls.plan += 1;
        const results = request.rows.map((row) => {
          if (row.match) {
            const found = records.get(row.match.id);
            if (!found || found.updatedAt !== row.match.updatedAt)
              return {
                row: row.row,
                outcome: 'failed',
                id: null,
                updatedAt: null,
                error: { code: 'CHANGED', message: 'Changed since.' },
              };
            if (JSON.stringify(found.record) === JSON.stringify(row.record))
              return {
                row: row.row,
                outcome: 'unchanged',
                id: found.id,
                updatedAt: found.updatedAt,
                error: null,
              };
            if (!write)
              return {
                row: row.row,
                outcome: 'updated',
                id: found.id,
                updatedAt: found.updatedAt,
                error: null,
              };
            const same = found.importId === request.importId;
            Object.assign(found, {
              before: same ? found.before : found.record,
              importAction: same ? found.importAction : 'updated',
              importId: request.importId,
              importRow: row.row,
              record: row.record,
              updatedAt: stamp(),
            });
            return {
              row: row.row,
              outcome: 'updated',
              id: found.id,
              updatedAt: found.updatedAt,
              error: null,
            };
          }
          if (row.record.name === 'REFUSE')
            return {
              row: row.row,
              outcome: 'failed',
              id: null,
              updatedAt: null,
              error: { code: 'VALIDATION', message: 'No.', fields: { name: ['Not this name'] } },
            };
          if (!write) return { row: row.row, outcome: 'created', id: null, updatedAt: null, error: null };
          const created: OwnedRecord = {
            id: `rec-${++n}`,
            userId: request.userId,
            key: row.key,
            record: row.record,
            updatedAt: stamp(),
            importId: request.importId,
            importAction: 'created',
            importRow: row.row,
            before: null,
          };
          records.set(created.id, created);
          return {
            row: row.row,
            outcome: 'created',
            id: created.id,
            updatedAt: created.updatedAt,
            error: null,
          };
        });
        return { results };
      }
      case 'undo': {
        let reverted = 0;
        for (const r of [...records.values()]) {
          if (r.importId !== request.importId) continue;
          if (r.importAction === 'created') records.delete(r.id);
          else if (r.before)
            Object.assign(r, {
              record: r.before,
              importId: null,
              importAction: null,
              importRow: null,
              before: null,
              updatedAt: stamp(),
            });
          reverted += 1;
        }
        return { reverted, kept: 0, cursor: null };
      }
      default:
        throw new Error(`not used: ${request.op}`);
    }
  };
  return { records, transport, calls };
}

export function setup() {
  const clock = fixedClock('2026-11-28T10:00:00.000Z');
  const owner = memoryOwner(clock);
  const imports = memoryImports();
  const files = memoryFiles();
  const catalog = new Map<string, string>([['DD1391100', 'prod-dunk']]);
  const deps: ImportDeps = {
    imports,
    mappings: memoryMappings(),
    files,
    catalog: {
      match: async (keys) =>
        new Map(keys.flatMap((k) => (catalog.has(k) ? [[k, catalog.get(k) as string]] : []))),
    },
    portability: createPortabilityClient(owner.transport),
    clock,
    ids: sequenceIds('id'),
  };
  return { deps, clock, owner, imports, files };
}
