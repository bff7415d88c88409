import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { BillingInvoice } from '@sneakers/shared/contracts/billing';
import type { PageRequest } from '@sneakers/shared/paging/page';
import type { InvoiceRecord, InvoicesDeps } from './ports';

export function toInvoice(record: InvoiceRecord): BillingInvoice {
  return {
    id: record.invoiceId,
    number: record.number,
    status: record.status,
    amountDue: record.amountDue,
    amountPaid: record.amountPaid,
    currency: record.currency,
    createdAt: record.createdAt,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    hostedInvoiceUrl: record.hostedInvoiceUrl,
    pdfUrl: record.pdfUrl,
  };
}

/** GET /api/billing/invoices: the caller's own invoices, newest first, in cursor pages. */
export async function listInvoices(
  deps: InvoicesDeps,
  actor: Actor,
  page: PageRequest,
): Promise<{ invoices: BillingInvoice[]; cursor: string | null }> {
  const user = requireUser(actor);
  const { items, cursor } = await deps.repo.listInvoices(user.userId, page);
  return { invoices: items.map(toInvoice), cursor };
}
