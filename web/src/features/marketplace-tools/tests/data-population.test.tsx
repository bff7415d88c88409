import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { toast } from 'sonner';
import type { ImportJob } from '@sneakers/shared';
import { importProgress, resumableJob } from '../model/imports';
import { callsTo, importJob, refusal, renderTool, testProfile } from './test-support';

const superuser = testProfile({ userId: 'su-1', isSuperuser: true });
const IMPORTS = '/api/catalog/imports';
const stepPath = (id: string) => `/api/catalog/imports/${id}/next`;

// Sonner keeps its toasts in module state: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

interface Server {
  jobs?: ImportJob[];
  create?: (body: unknown) => Response;
  /** Answers the n-th step (0-based). */
  step?: (n: number) => Response | Promise<Response>;
}

function renderPopulation(server: Server, path = '/dashboard/data-population') {
  let steps = 0;
  return renderTool(
    path,
    (url, init) => {
      if (url.pathname === IMPORTS && (init?.method ?? 'GET') === 'GET')
        return Response.json({ jobs: server.jobs ?? [], cursor: null });
      if (url.pathname === IMPORTS && init?.method === 'POST')
        return server.create?.(JSON.parse(String(init.body)));
      if (url.pathname.endsWith('/next') && init?.method === 'POST') return server.step?.(steps++);
      return undefined;
    },
    superuser,
  );
}

/** Steps that import `pages` pages of 10 products (the second page updates 4 of them). */
function pagesOf(id: string, pages: number) {
  return (n: number) => {
    const done = n + 1;
    return Response.json({
      job: importJob({
        id,
        status: done >= pages ? 'completed' : 'running',
        nextPage: done + 1,
        totalPages: pages,
        totalProducts: pages * 10,
        pagesDone: done,
        newCount: done * 10 - (done >= 2 ? 4 : 0),
        updatedCount: done >= 2 ? 4 : 0,
        failedCount: 0,
      }),
    });
  };
}

const progressOf = () => screen.getByRole('progressbar');

describe('data population: access', () => {
  it('tells anyone but a superuser that it is for superusers only', { timeout: 20_000 }, async () => {
    // The first test of the file loads the dashboard's lazy chunks cold: slow on a busy machine.
    const { fetchMock } = renderTool(
      '/dashboard/data-population',
      (url) =>
        url.pathname === IMPORTS ? refusal(403, 'SUPERUSER_REQUIRED', 'Superusers only.') : undefined,
      testProfile({ userId: 'u-2', isSuperuser: false }),
    );
    expect((await screen.findByTestId('tools-superuser-only')).textContent).toContain(
      'Only superusers can use this tool',
    );
    expect(screen.queryByTestId('population-form')).toBeNull();
    // Decided from the profile: no call the API would refuse (and log as a console error).
    expect(callsTo(fetchMock, IMPORTS)).toEqual([]);
  });

  it('opens from data-population-v2 too, with the recent jobs', async () => {
    renderPopulation(
      {
        jobs: [
          importJob({
            id: 'old',
            status: 'completed',
            value: 'adidas',
            totalPages: 2,
            pagesDone: 2,
            newCount: 12,
            updatedCount: 3,
            failedCount: 1,
          }),
        ],
      },
      '/dashboard/data-population-v2',
    );
    const job = await screen.findByTestId('population-job');
    expect(job.textContent).toContain('Brand: adidas');
    expect(within(job).getByTestId('population-status').textContent).toBe('Completed');
    expect(within(job).getByTestId('population-job-counts').textContent).toBe('12 new, 3 updated, 1 failed');
    expect(screen.queryByTestId('population-current')).toBeNull();
  });
});

describe('data population: importing', () => {
  it('needs a value before starting', async () => {
    const { fetchMock } = renderPopulation({});
    fireEvent.click(await screen.findByTestId('population-start'));
    expect(await screen.findByText('Enter a search or a brand')).toBeTruthy();
    expect(callsTo(fetchMock, IMPORTS).filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('starts a job and steps it page by page to the end, with progress and counts', async () => {
    const { fetchMock } = renderPopulation({
      create: () => Response.json({ job: importJob({ id: 'imp-9', mode: 'brand', value: 'Nike' }) }),
      step: pagesOf('imp-9', 3),
    });
    fireEvent.change(await screen.findByTestId('population-mode'), { target: { value: 'brand' } });
    fireEvent.change(screen.getByTestId('population-value'), { target: { value: '  Nike ' } });
    fireEvent.click(screen.getByTestId('population-start'));
    expect(await screen.findByText('Import finished')).toBeTruthy();
    const current = screen.getByTestId('population-current');
    expect(within(current).getByTestId('population-status').textContent).toBe('Completed');
    expect(progressOf().getAttribute('aria-valuenow')).toBe('3');
    expect(progressOf().getAttribute('aria-valuemax')).toBe('3');
    expect(screen.getByTestId('population-pages').textContent).toBe('3 of 3 pages');
    expect(screen.getByTestId('population-new').textContent).toBe('26');
    expect(screen.getByTestId('population-updated').textContent).toBe('4');
    expect(screen.getByTestId('population-failed').textContent).toBe('0');
    expect(
      callsTo(fetchMock, IMPORTS)
        .filter((c) => c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([{ mode: 'brand', value: 'Nike' }]);
    expect(callsTo(fetchMock, stepPath('imp-9'))).toHaveLength(3);
    expect(screen.queryByTestId('population-pause')).toBeNull();
    expect(screen.queryByTestId('population-resume')).toBeNull();
  });

  it('pauses after the page in flight and resumes where it stopped', async () => {
    const pages = pagesOf('imp-2', 3);
    let release: () => void = () => undefined;
    const { fetchMock } = renderPopulation({
      create: () => Response.json({ job: importJob({ id: 'imp-2', mode: 'query', value: 'dunk' }) }),
      step: (n) =>
        n === 0
          ? new Promise<Response>((resolve) => {
              release = () => resolve(pages(n));
            })
          : pages(n),
    });
    fireEvent.change(await screen.findByTestId('population-value'), { target: { value: 'dunk' } });
    fireEvent.click(screen.getByTestId('population-start'));
    fireEvent.click(await screen.findByTestId('population-pause'));
    expect(screen.getByTestId('population-pause').textContent).toBe('Pausing after this page...');
    release();
    expect(await screen.findByTestId('population-paused')).toBeTruthy();
    expect(progressOf().getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByTestId('population-pages').textContent).toBe('1 of 3 pages');
    expect(callsTo(fetchMock, stepPath('imp-2'))).toHaveLength(1);

    fireEvent.click(screen.getByTestId('population-resume'));
    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(callsTo(fetchMock, stepPath('imp-2'))).toHaveLength(3);
    expect(progressOf().getAttribute('aria-valuenow')).toBe('3');
  });

  it('shows a failed page with Retry, which resumes from it', async () => {
    const pages = pagesOf('imp-3', 3);
    const { fetchMock } = renderPopulation({
      create: () => Response.json({ job: importJob({ id: 'imp-3' }) }),
      step: (n) =>
        n === 1 ? refusal(502, 'MARKETPLACE_ERROR', 'Marketplace answered 503') : pages(n === 0 ? 0 : n - 1),
    });
    fireEvent.change(await screen.findByTestId('population-value'), { target: { value: 'Nike' } });
    fireEvent.click(screen.getByTestId('population-start'));
    expect((await screen.findByTestId('population-error')).textContent).toBe(
      'A page failed: Marketplace answered 503',
    );
    expect(progressOf().getAttribute('aria-valuenow')).toBe('1');
    expect(screen.queryByTestId('population-resume')).toBeNull();

    fireEvent.click(screen.getByTestId('population-retry'));
    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(screen.queryByTestId('population-error')).toBeNull();
    expect(callsTo(fetchMock, stepPath('imp-3'))).toHaveLength(4);
  });

  it("retries a job the server marked failed, showing the job's last error", async () => {
    const { fetchMock } = renderPopulation({
      create: () => Response.json({ job: importJob({ id: 'imp-4' }) }),
      step: (n) =>
        Response.json({
          job:
            n === 0
              ? importJob({ id: 'imp-4', status: 'failed', totalPages: 2, lastError: 'Page 1 timed out' })
              : importJob({ id: 'imp-4', status: 'completed', totalPages: 2, pagesDone: 2, newCount: 20 }),
        }),
    });
    fireEvent.change(await screen.findByTestId('population-value'), { target: { value: 'Nike' } });
    fireEvent.click(screen.getByTestId('population-start'));
    expect((await screen.findByTestId('population-error')).textContent).toBe(
      'A page failed: Page 1 timed out',
    );
    fireEvent.click(screen.getByTestId('population-retry'));
    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(callsTo(fetchMock, stepPath('imp-4'))).toHaveLength(2);
  });

  it('offers to resume a job still running after a reload, and finishes it', async () => {
    const running = importJob({
      id: 'imp-5',
      value: 'Jordan',
      totalPages: 4,
      pagesDone: 2,
      nextPage: 3,
      newCount: 18,
      updatedCount: 2,
    });
    const { fetchMock } = renderPopulation({
      jobs: [running, importJob({ id: 'imp-0', status: 'completed', createdAt: '2026-11-01T00:00:00Z' })],
      step: (n) => pagesOf('imp-5', 4)(n + 2),
    });
    const current = await screen.findByTestId('population-current');
    expect(current.textContent).toContain('Brand: Jordan');
    expect(within(current).getByTestId('population-paused')).toBeTruthy();
    expect(progressOf().getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByTestId('population-new').textContent).toBe('18');
    // Nothing runs until asked.
    expect(callsTo(fetchMock, stepPath('imp-5'))).toEqual([]);

    fireEvent.click(screen.getByTestId('population-resume'));
    expect(await screen.findByText('Import finished')).toBeTruthy();
    await waitFor(() => expect(progressOf().getAttribute('aria-valuenow')).toBe('4'));
    expect(callsTo(fetchMock, stepPath('imp-5'))).toHaveLength(2);
  });
});

describe('data population model', () => {
  it('computes progress once the total is known', () => {
    expect(importProgress(importJob({ pagesDone: 0, totalPages: null }))).toEqual({
      done: 0,
      total: null,
      percent: null,
    });
    expect(importProgress(importJob({ pagesDone: 1, totalPages: 3 })).percent).toBe(33);
    expect(importProgress(importJob({ pagesDone: 0, totalPages: 0 })).percent).toBe(100);
  });

  it('resumes the newest running job', () => {
    const jobs = [
      importJob({ id: 'a', status: 'running', createdAt: '2026-01-01T00:00:00Z' }),
      importJob({ id: 'b', status: 'completed', createdAt: '2026-03-01T00:00:00Z' }),
      importJob({ id: 'c', status: 'running', createdAt: '2026-02-01T00:00:00Z' }),
    ];
    expect(resumableJob(jobs)?.id).toBe('c');
    expect(resumableJob([])).toBeUndefined();
  });
});
