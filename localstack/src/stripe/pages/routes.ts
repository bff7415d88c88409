import type { IncomingMessage, ServerResponse } from 'node:http';
import { StripeError } from '../errors';
import type { ApiContext } from '../resources/context';
import { completeCheckout, successUrl } from '../resources/checkout-sessions';
import { postCheckout, renderCheckout } from './checkout';
import { invoiceHtml, invoicePdf } from './documents';
import { errorBox, page, redirect, sendHtml } from './layout';
import { portalSubscription, postPortal, renderPortal, useCard } from './portal';
import { createAuthentications, renderAuthentication } from './three-d-secure';

/**
 * The hosted pages' routes (no API key: like Stripe's, their URLs are the secret):
 * `/checkout/<cs_id>`, `/authenticate/<id>`, `/portal/<bps_id>[/<action>]`,
 * `/invoices/<in_id>` and `/invoices/<in_id>/pdf`.
 */

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > 64 * 1024) throw new StripeError(413, 'invalid_request_error', 'The form is too large.');
    chunks.push(buf);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const notFound = (res: ServerResponse) =>
  sendHtml(res, 404, page('Not found', '<h1>Not found</h1><p>This link is not valid.</p>'));

export function createPages(ctx: ApiContext) {
  const { store } = ctx;
  const authentications = createAuthentications();

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [section, id = '', action] = parts;
    const method = req.method ?? 'GET';
    if (section === 'checkout' && parts.length === 2) {
      const session = store.tables.checkoutSessions.get(id);
      if (!session) return (notFound(res), true);
      if (method === 'POST') await postCheckout(ctx, session, await readForm(req), res, authentications);
      else {
        const view = renderCheckout(ctx, session, errorBox(url.searchParams.get('error')));
        sendHtml(res, view.status, view.html);
      }
      return true;
    }
    if (section === 'authenticate' && parts.length === 2) {
      const auth = authentications.get(id);
      if (!auth) return (notFound(res), true);
      if (method !== 'POST') return (sendHtml(res, 200, renderAuthentication(id)), true);
      const outcome = (await readForm(req)).get('outcome');
      authentications.finish(id);
      const back = auth.kind === 'checkout' ? `/checkout/${auth.target}` : `/portal/${auth.target}`;
      if (outcome !== 'complete') return (redirect(res, `${back}?error=authentication_failed`), true);
      try {
        if (auth.kind === 'checkout') {
          const session = store.tables.checkoutSessions.get(auth.target);
          if (!session) return (notFound(res), true);
          completeCheckout(ctx, session, {
            paymentMethod: auth.paymentMethod,
            email: auth.email,
            name: auth.name,
            authenticated: true,
          });
          redirect(res, successUrl(session));
        } else {
          const session = store.tables.portalSessions.get(auth.target);
          const customer = session ? store.tables.customers.get(session.customer) : undefined;
          if (!session || !customer) return (notFound(res), true);
          useCard(ctx, customer, portalSubscription(ctx, session), auth.paymentMethod);
          const after = session.flow?.after_completion;
          redirect(
            res,
            after?.type === 'redirect' && after.redirect
              ? after.redirect.return_url
              : `${back}?done=payment_method`,
          );
        }
      } catch (error) {
        if (error instanceof StripeError && error.type === 'card_error')
          return (redirect(res, `${back}?error=card_declined`), true);
        throw error;
      }
      return true;
    }
    if (section === 'portal' && (parts.length === 2 || parts.length === 3)) {
      const session = store.tables.portalSessions.get(id);
      if (!session) return (notFound(res), true);
      if (method === 'POST' && action)
        postPortal(ctx, session, action, await readForm(req), res, authentications);
      else if (!action) sendHtml(res, 200, renderPortal(ctx, session, url.searchParams));
      else notFound(res);
      return true;
    }
    if (section === 'invoices' && (parts.length === 2 || (parts.length === 3 && action === 'pdf'))) {
      const invoice = store.tables.invoices.get(id);
      if (!invoice) return (notFound(res), true);
      if (action === 'pdf') {
        const pdf = invoicePdf(invoice);
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-length': pdf.length,
          'content-disposition': `inline; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`,
        });
        res.end(pdf);
      } else sendHtml(res, 200, invoiceHtml(invoice));
      return true;
    }
    return false;
  }

  return { handle };
}
