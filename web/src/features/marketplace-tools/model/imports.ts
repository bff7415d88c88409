import type { ImportJob } from '@sneakers/shared';

/** The progress bar's numbers: pages done of the total, once the first page told the total. */
export function importProgress(job: ImportJob): {
  done: number;
  total: number | null;
  percent: number | null;
} {
  const total = job.totalPages;
  if (total === null) return { done: job.pagesDone, total: null, percent: null };
  if (total <= 0) return { done: job.pagesDone, total, percent: 100 };
  return {
    done: job.pagesDone,
    total,
    percent: Math.min(100, Math.round((job.pagesDone / total) * 100)),
  };
}

/** The job a reloaded page offers to resume: the newest one still running. */
export function resumableJob(jobs: readonly ImportJob[]): ImportJob | undefined {
  return [...jobs]
    .filter((job) => job.status === 'running')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}
