import { systemClock } from '@sneakers/shared/clock';
import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createStoreApiEraser } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const storeApiEraseDeps = lazy((): { clock: typeof systemClock; eraser: AccountRowsEraser } => {
  const { client, table } = tableAccess();
  return { clock: systemClock, eraser: createStoreApiEraser(client, table) };
});
