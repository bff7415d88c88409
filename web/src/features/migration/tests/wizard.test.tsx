import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import '../../../test/setup';
import type { DataImport, PreviewRow } from '@sneakers/shared';
import { calls, errorAnswer, fakeUpload, job, previewRow, renderMigration } from './test-support';

afterEach(() => {
  toast.dismiss();
});

const BASE = '/api/migration/imports/imp-1';
const SUGGESTED = [
  { index: 0, header: 'Name', field: 'name' },
  // The one suggestion the user corrects: "Style" was not recognised.
  { index: 1, header: 'Style', field: null },
  { index: 2, header: 'Price', field: 'price' },
];

interface Options {
  readAnswer?: Response;
  mapAnswer?: Response;
}

/** The import routes over one import's state, as mig-import's server answers them. */
function importServer(options: Options = {}) {
  let current: DataImport = job();
  let rows: PreviewRow[] = [
    previewRow(0),
    previewRow(1, {
      status: 'invalid',
      values: { name: 'Dunk Low 1', sku: 'DD1391-101', price: 'abc' },
      errors: { price: ['Price must be a number'] },
      catalog: 'not_matched',
    }),
  ];
  let polls = 0;
  let checks = 0;
  const tally = () => ({
    total: rows.length,
    valid: rows.filter((r) => r.status === 'valid').length,
    invalid: rows.filter((r) => r.status === 'invalid').length,
    skipped: rows.filter((r) => r.status === 'skipped').length,
  });
  const answer = (patch: Partial<DataImport>) => {
    current = { ...current, ...patch };
    return Response.json({ import: current });
  };
  return (url: URL, init: RequestInit | undefined): Response | undefined => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const path = url.pathname;
    if (path === '/api/migration/imports' && method === 'POST') {
      current = job({
        status: 'uploading',
        kind: body.kind as DataImport['kind'],
        fileName: String(body.fileName),
      });
      return Response.json({
        import: current,
        upload: { url: 'https://uploads.example/imp-1', headers: { 'content-type': 'text/csv' } },
      });
    }
    if (path === '/api/migration/imports') return Response.json({ imports: [current], cursor: null });
    if (path === '/api/migration/mappings') return Response.json({ mappings: [] });
    if (path === `${BASE}/file`) {
      if (options.readAnswer) return options.readAnswer;
      current = { ...current, status: 'ready' };
      return Response.json({
        import: current,
        sample: [
          ['Stock Kicks Madrid', '', ''],
          ['Name', 'Style', 'Price'],
          ['Dunk Low 0', 'DD1391-100', '120'],
        ],
        suggestedHeaderRow: 1,
      });
    }
    if (path === `${BASE}/mapping` && method === 'PUT') {
      if (options.mapAnswer) return options.mapAnswer;
      const columns = (body.columns as { index: number; field: string | null }[] | undefined) ?? null;
      // Answered at once: the worker checks the rows, the screen polls the import.
      checks = 0;
      return answer({
        status: 'validating',
        sheet: String(body.sheet),
        headerRow: Number(body.headerRow),
        source: 'generic',
        columns: SUGGESTED.map((c) => ({ ...c, field: columns?.[c.index]?.field ?? c.field })),
        rows: { total: 0, valid: 0, invalid: 0, skipped: 0 },
        validation: { processed: 0, total: 2 },
      });
    }
    if (path === `${BASE}/rows`) {
      const status = url.searchParams.get('status');
      return Response.json({ rows: rows.filter((r) => !status || r.status === status), cursor: null });
    }
    const fix = /^\/api\/migration\/imports\/imp-1\/rows\/(\d+)$/.exec(path);
    if (fix && method === 'PATCH') {
      const n = Number(fix[1]);
      rows = rows.map((r) =>
        r.row === n
          ? {
              ...r,
              values: { ...r.values, ...(body.values as Record<string, string>) },
              errors: {},
              status: 'valid',
              fixed: true,
            }
          : r,
      );
      current = { ...current, rows: tally() };
      return Response.json({ row: rows.find((r) => r.row === n), import: current });
    }
    if (path === `${BASE}/dry-run`)
      return answer({
        dryRun: { state: 'running', processed: 0, total: 2, create: 0, update: 0, unchanged: 0, failed: 0 },
      });
    if (path === `${BASE}/start`)
      return answer({
        status: 'running',
        progress: { ...current.progress, processed: 1, total: 2, created: 1 },
      });
    if (path === BASE) {
      if (current.status === 'validating') {
        checks += 1;
        current =
          checks < 3
            ? { ...current, validation: { processed: 1, total: 2 } }
            : { ...current, status: 'mapped', validation: { processed: 2, total: 2 }, rows: tally() };
      }
      if (current.dryRun?.state === 'running')
        current = {
          ...current,
          dryRun: { state: 'done', processed: 2, total: 2, create: 2, update: 0, unchanged: 0, failed: 0 },
        };
      polls += 1;
      if (current.status === 'running' && polls > 1)
        current = {
          ...current,
          status: 'completed',
          progress: { ...current.progress, processed: 2, created: 2 },
        };
      return Response.json({ import: current });
    }
    return undefined;
  };
}

async function upload(name = 'stock.csv') {
  fireEvent.change(await screen.findByTestId('migration-kind', {}, { timeout: 20_000 }), {
    target: { value: 'inventory' },
  });
  const file = new File(['Name,Style,Price\nDunk,DD1391-100,120\n'], name, { type: 'text/csv' });
  fireEvent.change(screen.getByTestId('migration-file'), { target: { files: [file] } });
  fireEvent.click(screen.getByTestId('migration-upload'));
}

describe('the import wizard', { timeout: 40_000 }, () => {
  it('uploads, picks the header row, corrects a suggested column, fixes a cell, dry-runs and imports to the summary', async () => {
    const puts = fakeUpload();
    const { fetchMock, router } = renderMigration(importServer());
    expect((await screen.findByTestId('migration-limits', {}, { timeout: 20_000 })).textContent).toContain(
      '100,000',
    );
    await upload();

    // The sheet step: the suggested header row is chosen; the file went to the presigned URL.
    const sample = await screen.findByTestId('migration-sample', {}, { timeout: 20_000 });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toBe('https://uploads.example/imp-1');
    expect(router.state.location.search).toContain('import=imp-1');
    expect((within(sample).getByTestId('migration-header-row-1') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('migration-sheet-continue'));

    // The mapping step: "Style" is corrected by hand to the sku field.
    const style = (await screen.findByTestId('migration-column-1')) as HTMLSelectElement;
    expect(style.value).toBe('');
    expect((screen.getByTestId('migration-column-0') as HTMLSelectElement).value).toBe('name');
    fireEvent.change(style, { target: { value: 'sku' } });
    fireEvent.click(screen.getByTestId('migration-mapping-apply'));
    // The rows are checked in the background: a progress bar, polled, until the preview opens.
    const checking = await screen.findByTestId('migration-validation-progress');
    expect(checking.getAttribute('role')).toBe('progressbar');
    await waitFor(() => expect(checking.getAttribute('aria-valuenow')).toBe('50'), { timeout: 20_000 });
    expect(screen.getByText('Checking rows… 1 of 2')).toBeTruthy();
    await screen.findByTestId('migration-preview-step', {}, { timeout: 20_000 });
    const maps = calls(fetchMock, `${BASE}/mapping`, 'PUT');
    expect(maps[0]!.body).toEqual({ sheet: 'Stock', headerRow: 1 });
    expect(maps[1]!.body).toMatchObject({
      headerRow: 1,
      columns: [
        { index: 0, field: 'name' },
        { index: 1, field: 'sku' },
        { index: 2, field: 'price' },
      ],
    });

    // The preview opens on the rows with errors; the cell says why and is fixed in place.
    expect(screen.getByTestId('migration-tally').textContent).toBe(
      '2 rows: 1 valid, 1 with errors, 0 skipped.',
    );
    const cell = await screen.findByTestId('migration-cell-1-price');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Price must be a number')).toBeTruthy();
    expect(screen.getByTestId('migration-catalog-badge').textContent).toBe('Not matched');
    fireEvent.change(cell, { target: { value: '130' } });
    fireEvent.keyDown(cell, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('migration-tally').textContent).toBe(
        '2 rows: 2 valid, 0 with errors, 0 skipped.',
      ),
    );
    expect(calls(fetchMock, `${BASE}/rows/1`, 'PATCH')[0]!.body).toEqual({ values: { price: '130' } });

    fireEvent.click(screen.getByTestId('migration-dry-run-button'));
    // Counted in the background too: its bar first, then the counts.
    await screen.findByTestId('migration-dry-run-progress');
    expect((await screen.findByTestId('migration-dry-run-create', {}, { timeout: 20_000 })).textContent).toBe(
      '2',
    );

    fireEvent.click(screen.getByTestId('migration-start'));
    const bar = await screen.findByTestId('migration-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(calls(fetchMock, `${BASE}/start`, 'POST')[0]!.headers.get('idempotency-key')).toBeTruthy();
    // Polled while running, to the summary.
    await waitFor(() => expect(screen.queryByTestId('migration-progress')).toBeNull(), { timeout: 20_000 });
    expect(screen.getByTestId('migration-import').getAttribute('data-status')).toBe('completed');
    expect(screen.getByTestId('migration-summary-created').textContent).toBe('2');
  });

  it.each([
    ['UNCLOSED_QUOTE', 'A quote in the file is never closed'],
    ['FILE_BINARY', 'the file holds binary data'],
    ['TOO_MANY_ROWS', 'more than 100,000 rows'],
    ['FILE_EMPTY', 'The file is empty.'],
  ])('explains a file the server cannot read: %s', async (code, text) => {
    fakeUpload();
    renderMigration(importServer({ readAnswer: errorAnswer(400, code) }));
    await upload();
    const alert = await screen.findByTestId('migration-file-error', {}, { timeout: 20_000 });
    expect(alert.getAttribute('data-code')).toBe(code);
    expect(alert.textContent).toContain(text);
  });

  it('explains duplicated headers with the names the server gives', async () => {
    fakeUpload();
    renderMigration(
      importServer({ mapAnswer: errorAnswer(400, 'DUPLICATE_HEADERS', 'Duplicated headers: Size') }),
    );
    await upload();
    fireEvent.click(await screen.findByTestId('migration-sheet-continue', {}, { timeout: 20_000 }));
    const alert = await screen.findByTestId('migration-error');
    expect(alert.textContent).toContain('Two columns have the same name.');
    expect(alert.textContent).toContain('Duplicated headers: Size');
  });

  it('refuses a file over 25 MB before uploading it', async () => {
    const puts = fakeUpload();
    const { fetchMock } = renderMigration(importServer());
    const big = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.change(await screen.findByTestId('migration-file', {}, { timeout: 20_000 }), {
      target: { files: [big] },
    });
    expect(screen.getByRole('alert').textContent).toContain('the most an import takes is 25 MB');
    expect((screen.getByTestId('migration-upload') as HTMLButtonElement).disabled).toBe(true);
    expect(puts).toHaveLength(0);
    expect(calls(fetchMock, '/api/migration/imports', 'POST')).toHaveLength(0);
  });
});

describe('rows being checked', { timeout: 40_000 }, () => {
  it('come back to their progress bar on a reload, polled until the preview opens', async () => {
    let polls = 0;
    renderMigration((url) => {
      if (url.pathname === BASE) {
        polls += 1;
        const done = polls > 2;
        return Response.json({
          import: job({
            status: done ? 'mapped' : 'validating',
            columns: SUGGESTED,
            validation: { processed: done ? 1000 : 250, total: 1000 },
            rows: done
              ? { total: 990, valid: 990, invalid: 0, skipped: 0 }
              : { total: 0, valid: 0, invalid: 0, skipped: 0 },
          }),
        });
      }
      if (url.pathname === `${BASE}/rows`) return Response.json({ rows: [previewRow(0)], cursor: null });
      return undefined;
    }, '/dashboard/migration-tools?import=imp-1');
    const bar = await screen.findByTestId('migration-validation-progress', {}, { timeout: 20_000 });
    expect(bar.getAttribute('role')).toBe('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-label')).toBe('Rows checked');
    expect(bar.getAttribute('aria-valuetext')).toBe('Checking rows… 250 of 1,000');
    expect(screen.getByTestId('migration-import').getAttribute('data-status')).toBe('validating');
    expect((await screen.findByTestId('migration-tally', {}, { timeout: 20_000 })).textContent).toBe(
      '990 rows: 990 valid, 0 with errors, 0 skipped.',
    );
    expect(screen.queryByTestId('migration-validation-progress')).toBeNull();
  });
});

describe('correcting the suggested columns while the rows are checked', { timeout: 40_000 }, () => {
  it('keeps the correction when the check of the suggestion ends meanwhile', async () => {
    fakeUpload();
    const { fetchMock } = renderMigration(importServer());
    await upload();
    fireEvent.click(await screen.findByTestId('migration-sheet-continue', {}, { timeout: 20_000 }));
    const style = (await screen.findByTestId('migration-column-1')) as HTMLSelectElement;
    expect(screen.getByTestId('migration-import').getAttribute('data-status')).toBe('validating');
    fireEvent.change(style, { target: { value: 'sku' } });
    // The suggestion's check ends (polled) while the form is open: the form stays as edited.
    await waitFor(
      () => expect(screen.getByTestId('migration-import').getAttribute('data-status')).toBe('mapped'),
      { timeout: 20_000 },
    );
    expect((screen.getByTestId('migration-column-1') as HTMLSelectElement).value).toBe('sku');
    fireEvent.click(screen.getByTestId('migration-mapping-apply'));
    await waitFor(() => expect(calls(fetchMock, `${BASE}/mapping`, 'PUT')).toHaveLength(2));
    expect(calls(fetchMock, `${BASE}/mapping`, 'PUT')[1]!.body).toMatchObject({
      columns: [
        { index: 0, field: 'name' },
        { index: 1, field: 'sku' },
        { index: 2, field: 'price' },
      ],
    });
  });
});

describe('a running import', { timeout: 40_000 }, () => {
  it('comes back to its progress bar on a reload (the id in the address) and pauses, resumes and undoes', async () => {
    let current = job({
      status: 'running',
      columns: SUGGESTED,
      progress: {
        processed: 250,
        total: 1000,
        created: 250,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        failed: 0,
      },
    });
    const set = (patch: Partial<DataImport>) => {
      current = { ...current, ...patch };
      return Response.json({ import: current });
    };
    const { fetchMock } = renderMigration((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === BASE) return Response.json({ import: current });
      if (url.pathname === `${BASE}/pause` && method === 'POST') return set({ status: 'paused' });
      if (url.pathname === `${BASE}/resume` && method === 'POST') return set({ status: 'running' });
      if (url.pathname === `${BASE}/undo` && method === 'POST')
        return set({ status: 'undone', undo: { reverted: 250, kept: 0 } });
      return undefined;
    }, '/dashboard/migration-tools?import=imp-1');
    const bar = await screen.findByTestId('migration-progress', {}, { timeout: 20_000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('250 of 1,000 rows')).toBeTruthy();

    fireEvent.click(screen.getByTestId('migration-pause'));
    fireEvent.click(await screen.findByTestId('migration-resume'));
    await screen.findByTestId('migration-pause');
    expect(calls(fetchMock, `${BASE}/pause`, 'POST')).toHaveLength(1);
    expect(calls(fetchMock, `${BASE}/resume`, 'POST')).toHaveLength(1);

    // Undo asks first; cancelling sends nothing.
    fireEvent.click(screen.getByTestId('migration-pause'));
    fireEvent.click(await screen.findByTestId('migration-undo'));
    const dialog = await screen.findByTestId('migration-undo-dialog');
    expect(dialog.textContent).toContain('unless you changed them since');
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('migration-undo-dialog')).toBeNull());
    expect(calls(fetchMock, `${BASE}/undo`, 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('migration-undo'));
    fireEvent.click(await screen.findByTestId('migration-undo-confirm'));
    expect((await screen.findByTestId('migration-undo-result')).textContent).toContain(
      '250 records reverted',
    );
  });
});

describe('Try Demo', { timeout: 40_000 }, () => {
  it('shows a sample preview and refuses the import with the demo toast, asking nothing of the API', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const { fetchMock } = renderMigration(() => undefined);
    const preview = await screen.findByTestId('migration-demo-preview', {}, { timeout: 20_000 });
    expect(within(preview).getAllByTestId('migration-row').length).toBeGreaterThan(3);
    expect(within(preview).getByText('Price must be a number')).toBeTruthy();
    fireEvent.click(within(preview).getByTestId('migration-start'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('migration-export-start'));
    expect(calls(fetchMock, '/api/migration/imports', 'POST')).toHaveLength(0);
    expect(calls(fetchMock, '/api/migration/exports', 'POST')).toHaveLength(0);
  });
});
