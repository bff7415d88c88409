import { vi } from 'vitest';
import type { DataExport, DataImport, PreviewRow, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderSignedIn, type Route } from '../../../test/render-app';

export const storeProfile = (): UserProfile => ({
  ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  role: 'store',
  isSuperuser: false,
  currency: 'EUR',
});

export const job = (patch: Partial<DataImport> = {}): DataImport => ({
  importId: 'imp-1',
  kind: 'inventory',
  fileName: 'stock.xlsx',
  size: 2048,
  format: 'xlsx',
  status: 'ready',
  sheets: ['Stock'],
  sheet: null,
  headerRow: null,
  source: null,
  columns: [],
  rows: { total: 0, valid: 0, invalid: 0, skipped: 0 },
  validation: null,
  dryRun: null,
  progress: { processed: 0, total: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
  undo: null,
  error: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...patch,
});

export const previewRow = (row: number, patch: Partial<PreviewRow> = {}): PreviewRow => ({
  row,
  values: { name: `Dunk Low ${row}`, sku: `DD1391-10${row}`, price: '120' },
  errors: {},
  status: 'valid',
  catalog: 'matched',
  fixed: false,
  ...patch,
});

export const anExport = (patch: Partial<DataExport> = {}): DataExport => ({
  exportId: 'exp-1',
  status: 'ready',
  records: { inventory: 12, clients: 3 },
  files: 4,
  bytes: 20_480,
  createdAt: '2026-03-02T10:00:00.000Z',
  readyAt: '2026-03-02T10:01:00.000Z',
  expiresAt: '2026-03-09T10:01:00.000Z',
  error: null,
  ...patch,
});

export const errorAnswer = (status: number, code: string, message = code) =>
  Response.json({ error: { code, message } }, { status });

/** The app at the migration-tools section, signed in as a store; `route` answers the rest. */
export function renderMigration(route: Route, path = '/dashboard/migration-tools') {
  return renderSignedIn(path, storeProfile(), route);
}

/** The requests `fetchMock` saw to `pathname` with `method`, with their JSON bodies and headers. */
export function calls(fetchMock: { mock: { calls: unknown[][] } }, pathname: string, method = 'GET') {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), init: init as RequestInit | undefined }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      url,
      headers: new Headers(init?.headers),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
}

/** The presigned PUT: an XMLHttpRequest that reports half, then all of the file, then 200. */
export function fakeUpload(status = 200) {
  const puts: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: unknown) {
      puts.push({ url: this.url, body, headers: this.headers });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.status = status;
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return puts;
}
