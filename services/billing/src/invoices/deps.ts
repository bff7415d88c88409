import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { InvoicesDeps } from './ports';
import { createInvoicesRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const invoicesDeps = lazy((): InvoicesDeps => {
  const { client, table } = tableAccess();
  return { repo: createInvoicesRepository(client, table) };
});
