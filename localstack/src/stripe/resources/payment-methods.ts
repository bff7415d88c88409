import { required } from '../errors';
import { str } from '../form';
import { listOf } from '../store';
import type { ApiContext, Route } from './context';

export function paymentMethodRoutes(ctx: ApiContext): Route[] {
  const { store, billing } = ctx;
  const listFor = (customer: string, params: Parameters<typeof listOf>[1], url: string) => {
    store.get('customers', customer, 'customer', 'customer');
    const type = str(params, 'type');
    const items = [...store.tables.paymentMethods.values()].filter(
      (pm) => pm.customer === customer && (!type || pm.type === type),
    );
    return listOf(items, params, url);
  };
  return [
    {
      method: 'GET',
      path: '/v1/payment_methods/:id',
      handle: ({ ids }) => store.get('paymentMethods', ids[0] ?? '', 'PaymentMethod'),
    },
    {
      method: 'POST',
      path: '/v1/payment_methods/:id/attach',
      handle: ({ ids, params }) => {
        const customer = str(params, 'customer');
        if (!customer) throw required('customer');
        return billing.attach(ids[0] ?? '', customer, billing.clockTime(customer));
      },
    },
    {
      method: 'POST',
      path: '/v1/payment_methods/:id/detach',
      handle: ({ ids }) => {
        const pm = store.get('paymentMethods', ids[0] ?? '', 'PaymentMethod');
        return billing.detach(pm, billing.clockTime(pm.customer));
      },
    },
    {
      method: 'GET',
      path: '/v1/payment_methods',
      handle: ({ params }) => {
        const customer = str(params, 'customer');
        if (!customer) throw required('customer');
        return listFor(customer, params, '/v1/payment_methods');
      },
    },
    {
      method: 'GET',
      path: '/v1/customers/:id/payment_methods',
      handle: ({ ids, params }) => listFor(ids[0] ?? '', params, `/v1/customers/${ids[0]}/payment_methods`),
    },
  ];
}
