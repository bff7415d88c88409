import { invalid } from '../errors';
import { mergeMetadata, obj, str, strings, type Params } from '../form';
import { listOf, newId } from '../store';
import type { Customer } from '../types';
import type { ApiContext, Route } from './context';

export function createCustomer(ctx: ApiContext, params: Params): Customer {
  const { store, billing } = ctx;
  const clockId = str(params, 'test_clock') || null;
  if (clockId) store.get('testClocks', clockId, 'test clock', 'test_clock');
  const at = clockId ? (store.tables.testClocks.get(clockId)?.frozen_time ?? 0) : billing.clockTime(null);
  const id = newId('cus_', 14);
  const customer: Customer = {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: at,
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(params, 'description') || null,
    email: str(params, 'email') || null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: mergeMetadata({}, params),
    name: str(params, 'name') || null,
    next_invoice_sequence: 1,
    phone: str(params, 'phone') || null,
    preferred_locales: strings(params, 'preferred_locales'),
    shipping: null,
    tax_exempt: 'none',
    test_clock: clockId,
  };
  store.tables.customers.set(id, customer);
  store.changed();
  ctx.webhooks.emit('customer.created', customer, at);
  const pm = str(params, 'payment_method');
  if (pm) billing.attach(pm, id, at);
  const defaultPm = str(obj(params, 'invoice_settings') ?? {}, 'default_payment_method');
  if (defaultPm) billing.setDefaultPaymentMethod(customer, defaultPm, at);
  return customer;
}

export function customerRoutes(ctx: ApiContext): Route[] {
  const { store, billing } = ctx;
  const deleted = new Set<string>();
  const retrieve = (id: string) => {
    if (deleted.has(id)) return { id, object: 'customer', deleted: true };
    return store.get('customers', id, 'customer');
  };
  return [
    { method: 'POST', path: '/v1/customers', handle: ({ params }) => createCustomer(ctx, params) },
    { method: 'GET', path: '/v1/customers/:id', handle: ({ ids }) => retrieve(ids[0] ?? '') },
    {
      method: 'POST',
      path: '/v1/customers/:id',
      handle: ({ ids, params }) => {
        const customer = store.get('customers', ids[0] ?? '', 'customer');
        const at = billing.clockTime(customer.id);
        const pmToAttach = str(params, 'payment_method');
        if (pmToAttach) billing.attach(pmToAttach, customer.id, at);
        const settings = obj(params, 'invoice_settings');
        const defaultPm = settings ? str(settings, 'default_payment_method') : undefined;
        if (defaultPm) {
          const pm = store.get(
            'paymentMethods',
            defaultPm,
            'PaymentMethod',
            'invoice_settings[default_payment_method]',
          );
          if (pm.customer !== customer.id)
            throw invalid(
              'invoice_settings[default_payment_method]',
              `The customer does not have a payment method with the ID ${defaultPm}. The payment method must be attached to the customer.`,
            );
        }
        billing.update('customer.updated', customer, at, (c) => {
          if (str(params, 'email') !== undefined) c.email = str(params, 'email') || null;
          if (str(params, 'name') !== undefined) c.name = str(params, 'name') || null;
          if (str(params, 'description') !== undefined) c.description = str(params, 'description') || null;
          if (str(params, 'phone') !== undefined) c.phone = str(params, 'phone') || null;
          if (strings(params, 'preferred_locales').length)
            c.preferred_locales = strings(params, 'preferred_locales');
          c.metadata = mergeMetadata(c.metadata, params);
          if (defaultPm !== undefined)
            c.invoice_settings = { ...c.invoice_settings, default_payment_method: defaultPm || null };
        });
        return customer;
      },
    },
    {
      method: 'DELETE',
      path: '/v1/customers/:id',
      handle: ({ ids }) => {
        const customer = store.get('customers', ids[0] ?? '', 'customer');
        const at = billing.clockTime(customer.id);
        for (const sub of store.tables.subscriptions.values())
          if (sub.customer === customer.id) billing.cancelSubscription(sub, at, 'cancellation_requested');
        store.tables.customers.delete(customer.id);
        deleted.add(customer.id);
        store.changed();
        ctx.webhooks.emit('customer.deleted', customer, at);
        return { id: customer.id, object: 'customer', deleted: true };
      },
    },
    {
      method: 'GET',
      path: '/v1/customers',
      handle: ({ params }) => {
        const email = str(params, 'email');
        const clock = str(params, 'test_clock');
        const items = [...store.tables.customers.values()].filter(
          (c) => (!email || c.email === email) && (!clock || c.test_clock === clock),
        );
        return listOf(items, params, '/v1/customers');
      },
    },
  ];
}
