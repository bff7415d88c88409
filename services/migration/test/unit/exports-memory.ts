import { fixedClock } from '@sneakers/shared/clock';
import type {
  ExportedRecord,
  PortableKind,
  PortabilityService,
} from '@sneakers/shared/contracts/portability';
import type { StoredIdempotency } from '@sneakers/shared/idempotency/idempotency';
import { sequenceIds } from '@sneakers/shared/ids';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import type { ArchiveWriter, DataExportRecord, ExportsDeps } from '../../src/exports/ports';

export const MEDIA = 'https://media.test';

/** The owners' `export` and `keys` answered from records per user and kind, `pageSize` a page. */
export function memoryOwners(pageSize = 2) {
  const records = new Map<string, ExportedRecord[]>();
  const calls: { service: PortabilityService; op: string }[] = [];
  const put = (userId: string, kind: PortableKind, list: ExportedRecord[]) =>
    records.set(`${userId}#${kind}`, list);
  const client = createPortabilityClient(async (service, payload) => {
    const request = payload as { op: string; userId: string; kind: PortableKind; cursor: string | null };
    calls.push({ service, op: request.op });
    const all = records.get(`${request.userId}#${request.kind}`) ?? [];
    const from = Number(request.cursor ?? 0);
    const page = all.slice(from, from + pageSize);
    const cursor = from + pageSize < all.length ? String(from + pageSize) : null;
    if (request.op === 'keys')
      return {
        records: page.map((r) => ({
          key: r.id,
          id: r.id,
          updatedAt: r.updatedAt,
          importId: null,
          importAction: null,
          importRow: null,
        })),
        cursor,
      };
    if (request.op === 'export') return { records: page, cursor };
    throw new Error(`unexpected ${request.op}`);
  });
  return { client, put, calls };
}

export function memoryExportsDeps(pageSize = 2) {
  const owners = memoryOwners(pageSize);
  const clock = fixedClock('2026-11-20T10:00:00.000Z');
  const exports = new Map<string, DataExportRecord>();
  const locks = new Map<string, { exportId: string; since: string }>();
  const idempotency = new Map<string, StoredIdempotency>();
  const archives = new Map<string, Map<string, Uint8Array>>();
  const uploads = new Map<string, Uint8Array>([['items/user-ana/one.jpg', new Uint8Array([1, 2, 3])]]);
  const events: { detailType: string }[] = [];
  const deleted: string[] = [];

  const concat = (chunks: Uint8Array[]) => {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  };

  const deps: ExportsDeps = {
    clock,
    ids: sequenceIds('exp'),
    portability: owners.client,
    idempotency: { get: async (scope, key) => idempotency.get(`${scope}|${key}`) ?? null },
    repo: {
      async list(userId, limit) {
        return [...exports.values()]
          .filter((e) => e.userId === userId)
          .sort((a, b) => b.exportId.localeCompare(a.exportId))
          .slice(0, limit);
      },
      async get(userId, exportId) {
        const found = exports.get(exportId);
        return found && found.userId === userId ? { ...found } : null;
      },
      async create(record, staleBefore, claim, event) {
        if (idempotency.has(`${claim.scope}|${claim.key}`)) return 'duplicate';
        const lock = locks.get(record.userId);
        if (lock && lock.since >= staleBefore) return 'running';
        idempotency.set(`${claim.scope}|${claim.key}`, claim);
        locks.set(record.userId, { exportId: record.exportId, since: record.createdAt });
        exports.set(record.exportId, { ...record });
        events.push(event);
        return 'committed';
      },
      async progress(userId, exportId, records, files, at) {
        const found = exports.get(exportId);
        if (found) exports.set(exportId, { ...found, records: { ...records }, files, updatedAt: at });
      },
      async finish(record, ready) {
        exports.set(record.exportId, { ...record });
        if (locks.get(record.userId)?.exportId === record.exportId) locks.delete(record.userId);
        if (ready) events.push(ready);
      },
      async eraseAll(userId) {
        const keys: string[] = [];
        for (const [id, e] of exports)
          if (e.userId === userId) {
            keys.push(e.archiveKey);
            exports.delete(id);
          }
        locks.delete(userId);
        return keys;
      },
    },
    storage: {
      async openArchive(key): Promise<ArchiveWriter> {
        const entries = new Map<string, Uint8Array>();
        let open: string | null = null;
        return {
          entry(name) {
            if (open) throw new Error(`${open} is still open`);
            open = name;
            const chunks: Uint8Array[] = [];
            return {
              async write(chunk) {
                chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
              },
              async end() {
                entries.set(name, concat(chunks));
                open = null;
              },
            };
          },
          async close() {
            archives.set(key, entries);
            return [...entries.values()].reduce((n, e) => n + e.length, 0);
          },
          async abort() {},
        };
      },
      async readUpload(key) {
        const body = uploads.get(key);
        if (!body) return null;
        return (async function* () {
          yield body;
        })();
      },
      uploadKeyOf(url) {
        return url.startsWith(`${MEDIA}/`) ? url.slice(MEDIA.length + 1) : null;
      },
      async presignGet(key, seconds) {
        return `https://s3.test/${key}?expires=${seconds}`;
      },
      async deleteObjects(keys) {
        deleted.push(...keys);
      },
    },
  };
  return { deps, owners, clock, exports, locks, archives, uploads, events, deleted };
}

export const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
