import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import type { ImportFiles } from './ports';
import { createImportFiles } from './storage';

/** The uploads bucket (UPLOADS_BUCKET), on first use. */
export const importFiles = lazy((): ImportFiles => createImportFiles(runtimeEnv()));
