import type { ServerResponse } from 'node:http';
import { formatMoney } from '../money';
import { StripeError } from '../errors';
import type { ApiContext } from '../resources/context';
import type { Customer, PortalSession, Price, Subscription } from '../types';
import { cardFields, errorBox, esc, page, redirect, sendHtml } from './layout';
import type { Authentications } from './three-d-secure';

/**
 * The customer portal, `GET /portal/<bps_id>`: plan and price, status, card on file, invoices,
 * and forms (fields in README.md) to change plan (prorated), update the card (which pays any
 * open invoice at once), cancel at period end and resume. "Return to Sneakers" → return_url.
 */

const date = (s: number | null | undefined) =>
  s
    ? new Date(s * 1000).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '';

const NOTICES: Record<string, string> = {
  payment_method: 'Your payment method was updated.',
  plan: 'Your plan was changed.',
  cancel: 'Your subscription will be canceled at the end of the period.',
  resume: 'Your subscription was resumed.',
};

/** The subscription the portal manages: the flow's, else the customer's newest one not canceled. */
export function portalSubscription(ctx: ApiContext, session: PortalSession): Subscription | undefined {
  const flowSub =
    session.flow?.subscription_update?.subscription ?? session.flow?.subscription_cancel?.subscription;
  if (flowSub) return ctx.store.tables.subscriptions.get(flowSub);
  const subs = [...ctx.store.tables.subscriptions.values()].filter((s) => s.customer === session.customer);
  return subs.reverse().find((s) => s.status !== 'canceled') ?? subs[0];
}

/** The plans on offer: active monthly prices with a lookup key (the product's plans). */
function plans(ctx: ApiContext): Price[] {
  return [...ctx.store.tables.prices.values()]
    .filter((p) => p.active && p.recurring && p.lookup_key)
    .sort((a, b) => b.unit_amount - a.unit_amount);
}

const productName = (ctx: ApiContext, price: Price) =>
  ctx.store.tables.products.get(price.product)?.name ?? price.nickname ?? price.id;

function statusLine(sub: Subscription, periodEnd: number) {
  if (sub.status === 'trialing')
    return `Trial${sub.cancel_at_period_end ? `, ends ${date(sub.trial_end)} (will not renew)` : ` until ${date(sub.trial_end)}`}`;
  if (sub.status === 'canceled') return `Canceled ${date(sub.ended_at)}`;
  if (sub.cancel_at_period_end)
    return `${sub.status === 'past_due' ? 'Past due' : 'Active'}, cancels ${date(periodEnd)}`;
  if (sub.status === 'past_due') return `Past due: the last payment failed. Renews ${date(periodEnd)}`;
  return `Active, renews ${date(periodEnd)}`;
}

export function renderPortal(ctx: ApiContext, session: PortalSession, query: URLSearchParams, error = '') {
  const { store } = ctx;
  const customer = store.tables.customers.get(session.customer);
  const sub = portalSubscription(ctx, session);
  const done = query.get('done');
  const notice =
    done && Object.prototype.hasOwnProperty.call(NOTICES, done)
      ? `<p class="notice" role="status">${esc(NOTICES[done])}</p>`
      : '';
  const action = (name: string) => `/portal/${esc(session.id)}/${name}`;
  const sections: { key: string; html: string }[] = [];

  if (sub) {
    const item = sub.items.data[0];
    const price = item?.price;
    const periodEnd = item?.current_period_end ?? 0;
    const live = sub.status !== 'canceled';
    const cancelForm = !live
      ? ''
      : sub.cancel_at_period_end
        ? `<form method="post" action="${action('resume')}"><input type="hidden" name="subscription" value="${esc(sub.id)}"><button type="submit">Resume subscription</button></form>`
        : `<form method="post" action="${action('cancel')}"><input type="hidden" name="subscription" value="${esc(sub.id)}"><p class="muted">You keep access until ${esc(date(periodEnd))}.</p><button type="submit" class="danger">Cancel subscription</button></form>`;
    sections.push({
      key: 'subscription_cancel',
      html: `<section aria-labelledby="plan-h"><h2 id="plan-h">Current plan</h2>
<p><strong>${esc(price ? productName(ctx, price) : '')}</strong> · ${esc(price ? formatMoney(price.unit_amount, price.currency) : '')} per ${esc(price?.recurring?.interval ?? 'month')}</p>
<p>Status: <strong>${esc(statusLine(sub, periodEnd))}</strong></p>${cancelForm}</section>`,
    });
    const others = plans(ctx).filter((p) => p.id !== price?.id);
    if (live && others.length)
      sections.push({
        key: 'subscription_update',
        html: `<section aria-labelledby="change-h"><h2 id="change-h">Change plan</h2><p class="muted">The change is prorated on your next invoice.</p>
${others
  .map(
    (p) =>
      `<form method="post" action="${action('plan')}"><input type="hidden" name="subscription" value="${esc(sub.id)}"><input type="hidden" name="price" value="${esc(p.id)}"><button type="submit" class="secondary">Switch to ${esc(productName(ctx, p))} (${esc(formatMoney(p.unit_amount, p.currency))} per ${esc(p.recurring?.interval ?? 'month')})</button></form>`,
  )
  .join('')}</section>`,
      });
  } else
    sections.push({
      key: 'subscription',
      html: '<section><h2>Current plan</h2><p>No subscription.</p></section>',
    });

  const pmId = sub?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
  const pm = pmId ? store.tables.paymentMethods.get(pmId) : undefined;
  sections.push({
    key: 'payment_method_update',
    html: `<section aria-labelledby="pm-h"><h2 id="pm-h">Payment method</h2>
<p>${pm ? `${esc(pm.card.brand.toUpperCase())} •••• ${esc(pm.card.last4)}, expires ${pm.card.exp_month}/${pm.card.exp_year}` : 'No card on file.'}</p>
${error}<form method="post" action="${action('payment-method')}"><h3>${pm ? 'Update your card' : 'Add a card'}</h3>${cardFields()}
<button type="submit">Save card</button></form></section>`,
  });

  const invoices = [...store.tables.invoices.values()]
    .filter((i) => i.customer === session.customer)
    .reverse();
  sections.push({
    key: 'invoices',
    html: `<section aria-labelledby="inv-h"><h2 id="inv-h">Invoices</h2>${
      invoices.length
        ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Links</th></tr></thead><tbody>${invoices
            .map(
              (i) =>
                `<tr><td>${esc(date(i.created))}</td><td>${esc(formatMoney(i.amount_due, i.currency))}</td><td>${esc(i.status)}</td><td><a href="${esc(i.hosted_invoice_url)}">View ${esc(i.number ?? '')}</a> · <a href="${esc(i.invoice_pdf)}">PDF</a></td></tr>`,
            )
            .join('')}</tbody></table>`
        : '<p>No invoices yet.</p>'
    }</section>`,
  });

  // A flow opens on its own section.
  const first = session.flow?.type;
  sections.sort((a, b) => Number(b.key === first) - Number(a.key === first));
  const body = `<h1>Billing</h1><p class="muted">${esc(customer?.email ?? session.customer)}</p>${notice}${errorBox(query.get('error'))}
${sections.map((s) => s.html).join('\n')}
${session.return_url ? `<p><a class="button secondary" href="${esc(session.return_url)}">Return to Sneakers</a></p>` : ''}`;
  return page('Billing portal', body);
}

/** After an action: the flow's redirect, else the portal with a notice. */
function finished(session: PortalSession, res: ServerResponse, done: string) {
  const after = session.flow?.after_completion;
  if (after?.type === 'redirect' && after.redirect) return redirect(res, after.redirect.return_url);
  return redirect(res, `/portal/${session.id}?done=${done}`);
}

/** Sets a card as the customer's (and the subscription's) default and pays what is open with it. */
export function useCard(ctx: ApiContext, customer: Customer, sub: Subscription | undefined, pmId: string) {
  const { billing } = ctx;
  const at = billing.clockTime(customer.id);
  billing.attach(pmId, customer.id, at);
  billing.setDefaultPaymentMethod(customer, pmId, at);
  if (sub && sub.status !== 'canceled' && sub.default_payment_method && sub.default_payment_method !== pmId)
    billing.update('customer.subscription.updated', sub, at, (s) => {
      s.default_payment_method = pmId;
    });
  billing.payOpenInvoices(customer, pmId, at);
}

export function postPortal(
  ctx: ApiContext,
  session: PortalSession,
  actionName: string,
  form: URLSearchParams,
  res: ServerResponse,
  authentications: Authentications,
) {
  const { store, billing } = ctx;
  const customer = store.tables.customers.get(session.customer);
  const sub = portalSubscription(ctx, session);
  if (!customer) return sendHtml(res, 404, page('Billing portal', '<p>This customer no longer exists.</p>'));
  const at = billing.clockTime(customer.id);
  const fail = (message: string, status: number) =>
    sendHtml(
      res,
      status,
      renderPortal(ctx, session, new URLSearchParams(), `<p class="alert" role="alert">${esc(message)}</p>`),
    );
  try {
    if (actionName === 'payment-method') {
      const pm = billing.cardFromForm(
        {
          number: form.get('card_number') ?? '',
          expiry: form.get('card_expiry') ?? '',
          cvc: form.get('card_cvc') ?? '',
          name: form.get('cardholder_name') ?? undefined,
        },
        at,
      );
      if (billing.behaviourOf(pm.id) === 'authentication_required') {
        const id = authentications.start({
          kind: 'portal',
          target: session.id,
          paymentMethod: pm.id,
          email: null,
          name: null,
        });
        return redirect(res, `/authenticate/${id}`);
      }
      useCard(ctx, customer, sub, pm.id);
      return finished(session, res, 'payment_method');
    }
    if (!sub || sub.status === 'canceled') return fail('There is no active subscription to change.', 400);
    if (actionName === 'plan') {
      const price = store.tables.prices.get(form.get('price') ?? '');
      if (!price || !plans(ctx).some((p) => p.id === price.id))
        return fail('Choose one of the plans on this page.', 400);
      billing.changePrice(sub, undefined, price, 'create_prorations', at);
      return finished(session, res, 'plan');
    }
    if (actionName === 'cancel' || actionName === 'resume') {
      const cancel = actionName === 'cancel';
      billing.update('customer.subscription.updated', sub, at, (s) => {
        s.cancel_at_period_end = cancel;
        s.cancel_at = cancel ? billing.periodEnd(s) : null;
        s.canceled_at = cancel ? at : null;
        s.cancellation_details = {
          comment: null,
          feedback: null,
          reason: cancel ? 'cancellation_requested' : null,
        };
      });
      return finished(session, res, actionName);
    }
    return sendHtml(res, 404, page('Billing portal', '<p>Unknown action.</p>'));
  } catch (error) {
    if (error instanceof StripeError && error.status < 500) return fail(error.message, error.status);
    throw error;
  }
}
