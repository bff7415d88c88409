import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createAccountDirectory } from './account-directory';
import type { AccountDeps } from './ports';

/** Built on first use: only the account routes need the user pool's endpoint. */
export const accountDeps = lazy((): AccountDeps => ({ directory: createAccountDirectory(runtimeEnv()) }));
