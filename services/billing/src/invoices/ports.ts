/** What the invoice list needs (docs/product/billing.md): the user's invoice records. */
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { InvoiceRow } from './invoice-entity';

export type InvoiceRecord = RecordOf<InvoiceRow>;

export interface InvoicesRepository {
  /** The user's invoices, newest first. */
  listInvoices(userId: string, page: PageRequest): Promise<Page<InvoiceRecord>>;
}

export interface InvoicesDeps {
  repo: InvoicesRepository;
}
