import type { ServerResponse } from 'node:http';
import { formatMoney } from '../money';
import { StripeError } from '../errors';
import type { ApiContext } from '../resources/context';
import { completeCheckout, successUrl } from '../resources/checkout-sessions';
import { TEST_CARDS } from '../test-cards';
import type { CheckoutSession } from '../types';
import { cardFields, esc, page, redirect, sendHtml } from './layout';
import type { Authentications } from './three-d-secure';

/**
 * The hosted Checkout page, `GET /checkout/<cs_id>`: the order, the test cards, a card form
 * that posts to itself (fields in README.md). Success redirects to success_url; a decline shows
 * the error on the page; a card that needs authentication goes through the 3-D Secure page.
 */

function summary(ctx: ApiContext, session: CheckoutSession): string {
  const extras = ctx.store.internal.checkout.get(session.id);
  const items = extras?.lineItems ?? [];
  const trialDays = session.mode === 'subscription' ? extras?.subscriptionData.trialPeriodDays : null;
  const rows = items
    .map((i) => {
      const every = i.price.recurring ? ` per ${i.price.recurring.interval}` : '';
      return `<tr><td>${esc(i.description)}${i.quantity > 1 ? ` × ${i.quantity}` : ''}</td><td>${esc(formatMoney(i.amount_total, i.currency))}${esc(every)}</td></tr>`;
    })
    .join('');
  const headline = trialDays ? `${trialDays} days free` : formatMoney(session.amount_total, session.currency);
  const then =
    trialDays && items[0]
      ? `<p class="muted">Then ${esc(
          formatMoney(
            items.reduce((n, i) => n + i.amount_total, 0),
            session.currency,
          ),
        )} per ${esc(items[0].price.recurring?.interval ?? 'month')}</p>`
      : '';
  return `<section aria-label="Order summary"><h1>${session.mode === 'subscription' ? 'Subscribe' : 'Pay'}</h1>
<p class="total">${esc(headline)}</p>${then}
<table><tbody>${rows}</tbody></table></section>`;
}

function testCards(): string {
  const rows = TEST_CARDS.map(
    (c) =>
      `<tr><td><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${esc(c.label)}</td></tr>`,
  ).join('');
  return `<section aria-label="Test cards"><h2>Test cards</h2><p class="muted">Any future expiry date and any 3-digit CVC.</p>
<table><thead><tr><th scope="col">Number</th><th scope="col">Behaviour</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

export function renderCheckout(
  ctx: ApiContext,
  session: CheckoutSession,
  error: string | null,
  status = 200,
) {
  if (session.status !== 'open') {
    const body =
      session.status === 'complete'
        ? `<section><h1>Payment complete</h1><p>This Checkout Session is complete.</p><a class="button" href="${esc(successUrl(session))}">Continue</a></section>`
        : `<section><h1>Session expired</h1><p>This Checkout Session has expired.</p>${session.cancel_url ? `<a class="button secondary" href="${esc(session.cancel_url)}">Back</a>` : ''}</section>`;
    return { status: session.status === 'complete' ? 200 : 410, html: page('Checkout', body) };
  }
  const customer = session.customer ? ctx.store.tables.customers.get(session.customer) : undefined;
  const optionalCard =
    session.mode === 'subscription' &&
    session.payment_method_collection === 'if_required' &&
    session.amount_total === 0;
  const email = customer
    ? `<p class="muted">Paying as ${esc(customer.email ?? customer.id)}</p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${esc(session.customer_email ?? '')}">`;
  const button = session.mode === 'payment' ? 'Pay' : optionalCard ? 'Start trial' : 'Subscribe';
  const body = `${summary(ctx, session)}
<section aria-label="Payment"><h2>Payment details</h2>${error}
${optionalCard ? '<p class="muted">No card needed to start the trial: leave the card fields empty, or add one now.</p>' : ''}
<form method="post" action="/checkout/${esc(session.id)}">${email}${cardFields()}
<button type="submit">${button}</button></form>
${session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Cancel and go back</a></p>` : ''}</section>
${testCards()}`;
  return { status, html: page('Checkout', body) };
}

export async function postCheckout(
  ctx: ApiContext,
  session: CheckoutSession,
  form: URLSearchParams,
  res: ServerResponse,
  authentications: Authentications,
) {
  const show = (message: string, status: number) => {
    const view = renderCheckout(ctx, session, `<p class="alert" role="alert">${esc(message)}</p>`, status);
    sendHtml(res, view.status, view.html);
  };
  if (session.status !== 'open') {
    const view = renderCheckout(ctx, session, null);
    return sendHtml(res, 409, view.html);
  }
  const number = form.get('card_number')?.trim() ?? '';
  const email = form.get('email')?.trim() || null;
  const name = form.get('cardholder_name')?.trim() || null;
  const optionalCard =
    session.mode === 'subscription' &&
    session.payment_method_collection === 'if_required' &&
    session.amount_total === 0;
  if (!session.customer && !email && !session.customer_email)
    return show('Your email address is required.', 400);
  try {
    if (!number) {
      if (!optionalCard) return show('Your card number is incomplete.', 400);
      completeCheckout(ctx, session, { paymentMethod: null, email, name, authenticated: false });
      return redirect(res, successUrl(session));
    }
    const at = ctx.billing.clockTime(session.customer);
    const pm = ctx.billing.cardFromForm(
      {
        number,
        expiry: form.get('card_expiry') ?? '',
        cvc: form.get('card_cvc') ?? '',
        name: name ?? undefined,
      },
      at,
    );
    if (ctx.billing.behaviourOf(pm.id) === 'authentication_required') {
      const id = authentications.start({
        kind: 'checkout',
        target: session.id,
        paymentMethod: pm.id,
        email,
        name,
      });
      return redirect(res, `/authenticate/${id}`);
    }
    completeCheckout(ctx, session, { paymentMethod: pm.id, email, name, authenticated: false });
    return redirect(res, successUrl(session));
  } catch (error) {
    if (error instanceof StripeError && error.status < 500) return show(error.message, error.status);
    throw error;
  }
}
