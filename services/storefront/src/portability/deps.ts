import { systemClock } from '@sneakers/shared/clock';
import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createStorefrontEraser } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const storefrontEraseDeps = lazy((): { clock: typeof systemClock; eraser: AccountRowsEraser } => {
  const { client, table } = tableAccess();
  return { clock: systemClock, eraser: createStorefrontEraser(client, table) };
});
