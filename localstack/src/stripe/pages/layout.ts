import type { ServerResponse } from 'node:http';

/** The hosted pages' frame: plain server-rendered HTML that works at a phone's width. */

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:34rem;margin:0 auto;padding:1rem}header{background:#fff;border-bottom:1px solid #e3e8ee;padding:.75rem 1rem}
header p{margin:0;max-width:34rem;margin:0 auto;display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.badge{font-size:.75rem;background:#ffde92;color:#5f3b00;border-radius:4px;padding:.1rem .4rem;font-weight:600}
section{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:1rem;margin:1rem 0}
h1{font-size:1.4rem;margin:.5rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;font:inherit;padding:.6rem;border:1px solid #a3acb9;border-radius:6px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.65rem 1rem;border-radius:6px;border:0;background:#635bff;color:#fff;cursor:pointer;text-decoration:none;margin-top:1rem}
button.secondary,.button.secondary{background:#fff;color:#1a1f36;border:1px solid #a3acb9}button.danger{background:#df1b41}
.alert{border-left:4px solid #df1b41;background:#fff0f0;padding:.75rem;border-radius:4px}.notice{border-left:4px solid #09825d;background:#effaf5;padding:.75rem;border-radius:4px}
table{width:100%;border-collapse:collapse;font-size:.9rem}th,td{text-align:left;padding:.35rem .25rem;border-bottom:1px solid #e3e8ee}
.muted{color:#697386;font-size:.9rem}.total{font-size:1.6rem;font-weight:700}
@media (max-width:420px){.row{flex-direction:column;gap:0}}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><header><p><span><strong>Sneakers CRM</strong> <span class="badge">Test mode (local stand-in)</span></span></p></header>
<main>${body}</main></body></html>`;
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

/** A card form's fields (the README lists them: card_number, card_expiry, card_cvc, cardholder_name). */
export function cardFields(): string {
  return `<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="card_expiry">Expiry (MM/YY)</label>
<input id="card_expiry" name="card_expiry" autocomplete="cc-exp" placeholder="12/34"></div>
<div><label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div></div>
<label for="cardholder_name">Name on card</label><input id="cardholder_name" name="cardholder_name" autocomplete="cc-name">`;
}

/** Messages for the `?error=` codes the pages redirect with (never text from the URL). */
export const ERRORS: Record<string, string> = {
  authentication_failed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  card_declined: 'Your card was declined.',
};

export function errorBox(code: string | null): string {
  const message = code && Object.prototype.hasOwnProperty.call(ERRORS, code) ? ERRORS[code] : undefined;
  return message ? `<p class="alert" role="alert">${esc(message)}</p>` : '';
}
