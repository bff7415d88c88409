import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createDataImport,
  createExport,
  downloadExport,
  dryRunDataImport,
  fixDataImportRow,
  getDataImport,
  getDataImportErrorReport,
  listDataImportRows,
  listDataImports,
  listExports,
  listSavedMappings,
  mapDataImport,
  pauseDataImport,
  readDataImportFile,
  resumeDataImport,
  startDataImport,
  undoDataImport,
  type ApiCall,
  type DataExport,
  type DataImport,
  type PortableKind,
  type PreviewRowStatus,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/** The first element is what the realtime `invalidate` frames name. */
export const migrationKeys = {
  all: ['migration.imports'] as const,
  list: () => ['migration.imports', 'list'] as const,
  one: (importId: string) => ['migration.imports', 'one', importId] as const,
  file: (importId: string, sheet: string | null) => ['migration.imports', 'file', importId, sheet] as const,
  rows: (importId: string, status: PreviewRowStatus | 'all') =>
    ['migration.imports', 'rows', importId, status] as const,
  mappings: ['migration.imports', 'mappings'] as const,
  exports: ['migration.exports'] as const,
};

export const IMPORTS_PAGE_SIZE = 50;
export const ROWS_PAGE_SIZE = 50;
/** How often an import with work in the background (and a building export) is asked for its progress. */
export const POLL_MS = 1500;

const ACTIVE_IMPORT = new Set<DataImport['status']>(['validating', 'queued', 'running', 'undoing']);

/** The worker is on it: its rows are being checked, its dry run counted, or its job run. */
export const isBusy = (job: DataImport) => ACTIVE_IMPORT.has(job.status) || job.dryRun?.state === 'running';

/** The caller's imports, newest first, a page per fetch. */
export function importsOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: migrationKeys.list(),
    fetchPage: (cursor, signal) =>
      api(listDataImports, { query: { cursor, limit: IMPORTS_PAGE_SIZE }, signal }),
  });
}

export function useImports(enabled = true) {
  const api = useApi();
  return useInfiniteQuery({ ...importsOptions(api), enabled });
}

/**
 * One import; polled while the worker is on it (rows checked, a dry run, the job), so its
 * progress bar moves and survives a reload.
 */
export function useImport(importId: string) {
  const api = useApi();
  return useQuery({
    queryKey: migrationKeys.one(importId),
    queryFn: async ({ signal }) => (await api(getDataImport, { params: { importId }, signal })).import,
    refetchInterval: (query) => (query.state.data && isBusy(query.state.data) ? POLL_MS : false),
  });
}

/** The uploaded file's sheets and first rows (the sheet and header-row step). */
export function useImportFile(importId: string, sheet: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: migrationKeys.file(importId, sheet),
    queryFn: async () => {
      const out = await api(readDataImportFile, { params: { importId }, body: { sheet } });
      queryClient.setQueryData(migrationKeys.one(importId), out.import);
      return out;
    },
    retry: false,
    staleTime: Infinity,
  });
}

export function useImportRows(importId: string, status: PreviewRowStatus | 'all') {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: migrationKeys.rows(importId, status),
      fetchPage: (cursor, signal) =>
        api(listDataImportRows, {
          params: { importId },
          query: { cursor, limit: ROWS_PAGE_SIZE, ...(status === 'all' ? {} : { status }) },
          signal,
        }),
    }),
  );
}

export function useSavedMappings() {
  const api = useApi();
  return useQuery({
    queryKey: migrationKeys.mappings,
    queryFn: async ({ signal }) => (await api(listSavedMappings, { signal })).mappings,
  });
}

/** Keeps the import's cache in step with what a write answered. */
function useImportWrite<V>(write: (api: ApiCall, vars: V) => Promise<{ import: DataImport }>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => write(api, vars),
    onSuccess: ({ import: job }) => {
      queryClient.setQueryData(migrationKeys.one(job.importId), job);
      void queryClient.invalidateQueries({ queryKey: migrationKeys.list() });
    },
  });
}

export function useCreateImport() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { kind: PortableKind; fileName: string; size: number; contentType: string }) =>
      api(createDataImport, { body }),
  });
}

export interface MappingInput {
  importId: string;
  sheet: string;
  headerRow: number;
  columns?: { index: number; field: string | null }[];
  save?: { name: string } | null;
}

export function useMapImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // A poll in flight would answer the import as the earlier mapping left it (`mapped`, its
    // columns) after this one is stored, and show that preview: it is cancelled first.
    onMutate: ({ importId }) => queryClient.cancelQueries({ queryKey: migrationKeys.one(importId) }),
    mutationFn: ({ importId, ...body }: MappingInput) => api(mapDataImport, { params: { importId }, body }),
    onSuccess: async ({ import: job }, vars) => {
      await queryClient.cancelQueries({ queryKey: migrationKeys.one(job.importId) });
      queryClient.setQueryData(migrationKeys.one(job.importId), job);
      // Every row is validated again: the preview pages (and the saved mappings) change.
      void queryClient.invalidateQueries({ queryKey: ['migration.imports', 'rows', job.importId] });
      if (vars.save) void queryClient.invalidateQueries({ queryKey: migrationKeys.mappings });
    },
  });
}

export function useFixRow(importId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, ...body }: { row: number; values?: Record<string, string>; skip?: boolean }) =>
      api(fixDataImportRow, { params: { importId, row }, body }),
    onSuccess: ({ import: job }) => {
      queryClient.setQueryData(migrationKeys.one(importId), job);
      void queryClient.invalidateQueries({ queryKey: ['migration.imports', 'rows', importId] });
    },
  });
}

export function useDryRun() {
  return useImportWrite((api, importId: string) => api(dryRunDataImport, { params: { importId } }));
}

/** Queues the job; one Idempotency-Key per click, so a retried request queues one job. */
export function useStartImport() {
  return useImportWrite((api, importId: string) =>
    api(startDataImport, { params: { importId }, idempotencyKey: newIdempotencyKey() }),
  );
}

export function usePauseImport() {
  return useImportWrite((api, importId: string) => api(pauseDataImport, { params: { importId } }));
}

export function useResumeImport() {
  return useImportWrite((api, importId: string) => api(resumeDataImport, { params: { importId } }));
}

export function useUndoImport() {
  return useImportWrite((api, importId: string) => api(undoDataImport, { params: { importId } }));
}

export function useErrorReport() {
  const api = useApi();
  return useMutation({
    mutationFn: async (importId: string) =>
      (await api(getDataImportErrorReport, { params: { importId } })).url,
  });
}

const BUILDING = (exports: readonly DataExport[] | undefined) =>
  exports?.some((e) => e.status === 'building') ?? false;

/** The caller's exports; polled while one is being built. */
export function useExports(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: migrationKeys.exports,
    queryFn: async ({ signal }) => (await api(listExports, { signal })).exports,
    enabled,
    refetchInterval: (query) => (BUILDING(query.state.data) ? POLL_MS : false),
  });
}

export function useCreateExport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => api(createExport, { idempotencyKey }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: migrationKeys.exports }),
  });
}

export function useDownloadExport() {
  const api = useApi();
  return useMutation({
    mutationFn: async (exportId: string) => (await api(downloadExport, { params: { exportId } })).url,
  });
}
