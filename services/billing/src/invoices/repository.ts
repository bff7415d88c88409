import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { invoiceEntity } from './invoice-entity';
import type { InvoicesRepository } from './ports';

export const DEFAULT_PAGE = 20;

/** Access pattern: Query the user's partition on the invoice sort key, descending (newest first). */
export function createInvoicesRepository(client: DocumentClient, table: string): InvoicesRepository {
  const { invoice } = new Service({ invoice: invoiceEntity }, { client, table }).entities;
  return {
    listInvoices(userId, page) {
      return queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => invoice.query.byUser({ userId }).go({ order: 'desc', ...go }),
        (row) => toRecord(invoiceEntity.schema, row),
      );
    },
  };
}
