import { invalid, required } from '../errors';
import { obj, str } from '../form';
import { newId } from '../store';
import type { PortalFlow, PortalSession } from '../types';
import type { ApiContext, Route } from './context';

const FLOWS = new Set(['payment_method_update', 'subscription_update', 'subscription_cancel']);

/** `POST /v1/billing_portal/sessions`: a link to the hosted portal page for one customer. */
export function portalSessionRoutes(ctx: ApiContext): Route[] {
  const { store, billing } = ctx;
  return [
    {
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      handle: ({ params }) => {
        const customerId = str(params, 'customer');
        if (!customerId) throw required('customer');
        const customer = store.get('customers', customerId, 'customer', 'customer');
        const flowData = obj(params, 'flow_data');
        let flow: PortalFlow | null = null;
        if (flowData) {
          const type = str(flowData, 'type') ?? '';
          if (!FLOWS.has(type)) throw invalid('flow_data[type]', `Invalid flow_data[type]: ${type}`);
          const subscriptionOf = (key: string) => {
            const id = str(obj(flowData, key) ?? {}, 'subscription');
            if (!id) throw required(`flow_data[${key}][subscription]`);
            const sub = store.get('subscriptions', id, 'subscription', `flow_data[${key}][subscription]`);
            if (sub.customer !== customer.id)
              throw invalid(
                `flow_data[${key}][subscription]`,
                'The subscription does not belong to this customer.',
              );
            if (sub.status === 'canceled')
              throw invalid(`flow_data[${key}][subscription]`, 'You can’t update a canceled subscription.');
            return { subscription: id };
          };
          const after = obj(flowData, 'after_completion') ?? {};
          const afterType = str(after, 'type') ?? 'portal_homepage';
          const redirectUrl = str(obj(after, 'redirect') ?? {}, 'return_url');
          if (afterType === 'redirect' && !redirectUrl)
            throw required('flow_data[after_completion][redirect][return_url]');
          flow = {
            type: type as PortalFlow['type'],
            after_completion: {
              type:
                afterType === 'redirect' || afterType === 'hosted_confirmation'
                  ? afterType
                  : 'portal_homepage',
              redirect: afterType === 'redirect' && redirectUrl ? { return_url: redirectUrl } : null,
              hosted_confirmation:
                afterType === 'hosted_confirmation'
                  ? { custom_message: str(obj(after, 'hosted_confirmation') ?? {}, 'custom_message') ?? null }
                  : null,
            },
            subscription_cancel:
              type === 'subscription_cancel' ? subscriptionOf('subscription_cancel') : null,
            subscription_update:
              type === 'subscription_update' ? subscriptionOf('subscription_update') : null,
            subscription_update_confirm: null,
          };
        }
        const id = newId('bps_');
        const session: PortalSession = {
          id,
          object: 'billing_portal.session',
          configuration: 'bpc_local_default',
          created: billing.clockTime(customer.id),
          customer: customer.id,
          customer_account: null,
          flow,
          livemode: false,
          locale: str(params, 'locale') || null,
          on_behalf_of: null,
          return_url: str(params, 'return_url') || null,
          url: `${ctx.baseUrl()}/portal/${id}`,
        };
        store.tables.portalSessions.set(id, session);
        store.changed();
        return session;
      },
    },
  ];
}
