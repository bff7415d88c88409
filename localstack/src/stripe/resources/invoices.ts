import { declined, invalid } from '../errors';
import { str } from '../form';
import { listOf } from '../store';
import type { ApiContext, Route } from './context';

export function invoiceRoutes(ctx: ApiContext): Route[] {
  const { store, billing } = ctx;
  const get = (id: string) => store.get('invoices', id, 'invoice');
  return [
    { method: 'GET', path: '/v1/invoices/:id', handle: ({ ids }) => get(ids[0] ?? '') },
    {
      method: 'GET',
      path: '/v1/invoices/:id/lines',
      handle: ({ ids, params }) => {
        const invoice = get(ids[0] ?? '');
        return listOf([...invoice.lines.data].reverse(), params, `/v1/invoices/${invoice.id}/lines`);
      },
    },
    {
      method: 'GET',
      path: '/v1/invoices',
      handle: ({ params }) => {
        const customer = str(params, 'customer');
        const subscription = str(params, 'subscription');
        const status = str(params, 'status');
        const items = [...store.tables.invoices.values()].filter(
          (i) =>
            (!customer || i.customer === customer) &&
            (!subscription || i.parent?.subscription_details.subscription === subscription) &&
            (!status || i.status === status),
        );
        return listOf(items, params, '/v1/invoices');
      },
    },
    {
      method: 'POST',
      path: '/v1/invoices/:id/pay',
      handle: ({ ids, params }) => {
        const invoice = get(ids[0] ?? '');
        if (invoice.status !== 'open') throw invalid('invoice', `Invoice is already ${invoice.status}.`);
        const at = billing.clockTime(invoice.customer);
        const explicit = str(params, 'payment_method');
        const sub = invoice.parent
          ? store.tables.subscriptions.get(invoice.parent.subscription_details.subscription)
          : undefined;
        const pm = explicit || billing.paymentMethodFor(sub, store.tables.customers.get(invoice.customer));
        if (explicit) {
          const found = store.get('paymentMethods', explicit, 'PaymentMethod', 'payment_method');
          if (found.customer !== invoice.customer)
            throw invalid('payment_method', 'The payment method must be attached to the customer.');
        }
        const paid = billing.payInvoice(invoice, pm, at);
        if (!paid) throw declined('Your card was declined.', 'generic_decline');
        return invoice;
      },
    },
    {
      method: 'POST',
      path: '/v1/invoices/:id/void',
      handle: ({ ids }) => {
        const invoice = get(ids[0] ?? '');
        if (invoice.status !== 'open') throw invalid('invoice', `You can only void an open invoice.`);
        const at = billing.clockTime(invoice.customer);
        billing.update('invoice.voided', invoice, at, (i) => {
          i.status = 'void';
          i.next_payment_attempt = null;
          i.status_transitions = { ...i.status_transitions, voided_at: at };
        });
        return invoice;
      },
    },
    {
      method: 'POST',
      path: '/v1/invoices/:id/mark_uncollectible',
      handle: ({ ids }) => {
        const invoice = get(ids[0] ?? '');
        const at = billing.clockTime(invoice.customer);
        billing.update('invoice.marked_uncollectible', invoice, at, (i) => {
          i.status = 'uncollectible';
          i.next_payment_attempt = null;
          i.status_transitions = { ...i.status_transitions, marked_uncollectible_at: at };
        });
        return invoice;
      },
    },
  ];
}
