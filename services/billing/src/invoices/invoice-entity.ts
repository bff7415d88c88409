import { INVOICE_STATUSES } from '@sneakers/shared/contracts/billing';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityRow } from '@sneakers/shared/table/entity';

/**
 * A provider invoice as the billing section lists it: `pk = userId`, `sk = createdAt,
 * invoiceId`, so a descending Query is the user's invoices newest first. Written by the
 * `invoice.*` webhooks in their transaction, conditional on `lastEventCreated` (a late
 * `payment_failed` never overwrites a later `paid`).
 */
export const invoiceEntity = new Entity({
  model: { entity: 'billingInvoice', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    invoiceId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    number: { type: 'string' },
    status: { type: INVOICE_STATUSES, required: true },
    amountDue: { type: 'number', required: true },
    amountPaid: { type: 'number', required: true },
    currency: { type: 'string', required: true },
    periodStart: { type: 'string' },
    periodEnd: { type: 'string' },
    hostedInvoiceUrl: { type: 'string' },
    pdfUrl: { type: 'string' },
    lastEventCreated: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['createdAt', 'invoiceId'] },
    },
  },
});
export type InvoiceRow = EntityRow<typeof invoiceEntity>;
