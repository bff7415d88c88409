import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import '../../../test/setup';
import { pageLocation } from '../../../lib/page-location';
import type { DataExport } from '@sneakers/shared';
import { anExport, calls, errorAnswer, renderMigration } from './test-support';

afterEach(() => {
  toast.dismiss();
});

describe('exports', { timeout: 40_000 }, () => {
  it('starts an export with an Idempotency-Key and shows it building', async () => {
    let exports: DataExport[] = [];
    const { fetchMock } = renderMigration((url, init) => {
      if (url.pathname !== '/api/migration/exports') return undefined;
      if (init?.method === 'POST') {
        exports = [anExport({ status: 'building', readyAt: null, expiresAt: null, bytes: null })];
        return Response.json({ export: exports[0] });
      }
      return Response.json({ exports });
    }, '/dashboard/migration-tools?tab=export');
    expect(await screen.findByTestId('migration-exports-empty', {}, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('migration-export-start'));
    expect(await screen.findByText('Export started: we will email you when it is ready.')).toBeTruthy();
    const row = await screen.findByTestId('migration-export-row');
    expect(row.getAttribute('data-status')).toBe('building');
    expect(within(row).getByRole('progressbar')).toBeTruthy();
    expect(
      calls(fetchMock, '/api/migration/exports', 'POST')[0]!.headers.get('idempotency-key'),
    ).toBeTruthy();
  });

  it('says an export is already being built (409 EXPORT_RUNNING)', async () => {
    renderMigration((url, init) => {
      if (url.pathname !== '/api/migration/exports') return undefined;
      if (init?.method === 'POST') return errorAnswer(409, 'EXPORT_RUNNING');
      return Response.json({ exports: [] });
    }, '/dashboard/migration-tools?tab=export');
    fireEvent.click(await screen.findByTestId('migration-export-start', {}, { timeout: 20_000 }));
    expect(await screen.findByText('An export is already being built.')).toBeTruthy();
  });

  it('opens the export the emailed link names, first and focused, and downloads it through a fresh link', async () => {
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const { fetchMock } = renderMigration((url) => {
      if (url.pathname === '/api/migration/exports')
        return Response.json({
          exports: [anExport({ exportId: 'exp-2', createdAt: '2026-03-05T10:00:00.000Z' }), anExport()],
        });
      if (url.pathname === '/api/migration/exports/exp-1/download')
        return Response.json({ url: 'https://uploads.example/exp-1.zip?sig=1' });
      return undefined;
    }, '/dashboard/migration-tools?export=exp-1');
    const rows = await screen.findAllByTestId('migration-export-row', {}, { timeout: 20_000 });
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    expect(rows[0]!.textContent).toContain('15 records');
    fireEvent.click(within(rows[0]!).getByTestId('migration-export-download'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://uploads.example/exp-1.zip?sig=1'));
    expect(calls(fetchMock, '/api/migration/exports/exp-1/download')).toHaveLength(1);
    assign.mockRestore();
  });
});
