import type Papa from 'papaparse';
import type * as ReadExcelFile from 'read-excel-file/node';

/**
 * The spreadsheet libraries, loaded on the first call that reads or writes a file. In AWS each
 * is a module of its own beside the function's bundle (infra/src/bundling.ts `lazyModulesOf`,
 * docs/adr/0026-lazy-provider-sdk.md), so the calls that never touch a file (the import's
 * status, its pages, undo, the export list) never compile them. Locally the same `import()`
 * resolves to the installed packages.
 */

export type PapaParse = typeof Papa;
export type XlsxReader = typeof ReadExcelFile;

let papa: Promise<PapaParse> | undefined;
let xlsx: Promise<XlsxReader> | undefined;

/** Papa Parse: CSV in (a stream) and out (one line at a time). */
export function loadPapaParse(): Promise<PapaParse> {
  // A failed load is not remembered: the next call tries again.
  papa ??= import('papaparse').then(
    (module) => module.default,
    (error: unknown) => {
      papa = undefined;
      throw error;
    },
  );
  return papa;
}

/** `read-excel-file`'s Node entry: a workbook's sheets from its bytes. */
export function loadXlsxReader(): Promise<XlsxReader> {
  xlsx ??= import('read-excel-file/node').catch((error: unknown) => {
    xlsx = undefined;
    throw error;
  });
  return xlsx;
}
