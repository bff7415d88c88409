import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createImport, stepImport, type BodyOf, type ImportJob } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { messageOf } from '../model/errors';
import { invalidateCatalog, toolsKeys } from './queries';

export interface ImportRunner {
  /** The job on screen (started here, or picked to resume). */
  job: ImportJob | null;
  /** Pages are being imported now. */
  active: boolean;
  /** Pause was asked: the loop stops once the page in flight is done. */
  pausing: boolean;
  /** Why the last page failed (then Retry resumes from it). */
  error: string | null;
  start(body: BodyOf<typeof createImport>): Promise<void>;
  pause(): void;
  /** Resumes `job` (default: the one on screen), retrying a failed page. */
  resume(job?: ImportJob): void;
  /** Shows `job` without running it (a running job found after a reload). */
  show(job: ImportJob): void;
}

/**
 * The browser drives an import page by page (`catalog.imports.step`), so each request stays
 * short and the job survives a closed tab: its state is the server's, and any page can pick
 * a running job up again.
 */
export function useImportRunner(): ImportRunner {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [job, setJob] = useState<ImportJob | null>(null);
  const [active, setActive] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pauseRequested = useRef(false);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      // Leaving the page stops the loop after the page in flight; the job stays resumable.
      mounted.current = false;
    };
  }, []);

  const drive = useCallback(
    async (from: ImportJob) => {
      if (running.current) return;
      running.current = true;
      pauseRequested.current = false;
      setPausing(false);
      setError(null);
      setActive(true);
      let current = from;
      // A failed job's page is retried once per Resume/Retry; a running one goes on to the end.
      let retry = current.status === 'failed';
      try {
        while (mounted.current && !pauseRequested.current && (current.status === 'running' || retry)) {
          retry = false;
          current = (await api(stepImport, { params: { importId: current.id } })).job;
          if (mounted.current) setJob(current);
          void queryClient.invalidateQueries({ queryKey: toolsKeys.imports });
        }
        if (current.status === 'failed' && mounted.current)
          setError(current.lastError ?? t('marketplaceTools.api.toast.unknown'));
        if (current.status === 'completed' && mounted.current)
          toast.success(t('marketplaceTools.population.done'), {
            description: t('marketplaceTools.population.doneBody', {
              new: current.newCount,
              updated: current.updatedCount,
              failed: current.failedCount,
            }),
          });
      } catch (caught) {
        if (mounted.current) setError(messageOf(caught) ?? t('marketplaceTools.api.toast.unknown'));
      } finally {
        running.current = false;
        if (mounted.current) {
          setActive(false);
          setPausing(false);
        }
        void queryClient.invalidateQueries({ queryKey: toolsKeys.imports });
        void invalidateCatalog(queryClient);
      }
    },
    [api, queryClient, t],
  );

  const start = useCallback(
    async (body: BodyOf<typeof createImport>) => {
      const created = (await api(createImport, { body })).job;
      setJob(created);
      void queryClient.invalidateQueries({ queryKey: toolsKeys.imports });
      void drive(created);
    },
    [api, drive, queryClient],
  );

  const pause = useCallback(() => {
    pauseRequested.current = true;
    setPausing(true);
  }, []);

  const resume = useCallback(
    (next?: ImportJob) => {
      const target = next ?? job;
      if (!target) return;
      setJob(target);
      void drive(target);
    },
    [drive, job],
  );

  const show = useCallback((next: ImportJob) => {
    if (running.current) return;
    setJob(next);
    setError(next.status === 'failed' ? next.lastError : null);
  }, []);

  return { job, active, pausing, error, start, pause, resume, show };
}
