import { formatMoney } from '../money';
import type { Invoice } from '../types';
import { esc, page } from './layout';

/** An invoice as Stripe hosts it: a page (hosted_invoice_url) and a PDF (invoice_pdf). */

const date = (s: number | null) => (s ? new Date(s * 1000).toISOString().slice(0, 10) : '');

export function invoiceHtml(invoice: Invoice): string {
  const rows = invoice.lines.data
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}<br><span class="muted">${date(l.period.start)} – ${date(l.period.end)}</span></td><td>${esc(formatMoney(l.amount, l.currency))}</td></tr>`,
    )
    .join('');
  return page(
    `Invoice ${invoice.number ?? invoice.id}`,
    `<h1>Invoice ${esc(invoice.number ?? invoice.id)}</h1>
<section aria-label="Summary"><p class="total">${esc(formatMoney(invoice.amount_due, invoice.currency))}</p>
<p>Status: <strong>${esc(invoice.status)}</strong></p>
<p class="muted">Issued ${date(invoice.created)}${invoice.status_transitions.paid_at ? ` · paid ${date(invoice.status_transitions.paid_at)}` : ''}${invoice.customer_email ? ` · to ${esc(invoice.customer_email)}` : ''}</p>
<table><thead><tr><th scope="col">Description</th><th scope="col">Amount</th></tr></thead><tbody>${rows}</tbody></table>
<p>Total: <strong>${esc(formatMoney(invoice.total, invoice.currency))}</strong> · Amount paid: ${esc(formatMoney(invoice.amount_paid, invoice.currency))}</p>
<a class="button secondary" href="${esc(invoice.invoice_pdf)}">Download PDF</a></section>`,
  );
}

/** PDF strings are Latin-1 with ( ) \ escaped; the euro sign becomes EUR (Helvetica's standard encoding has none). */
function pdfText(text: string): string {
  return text
    .replace(/€/g, 'EUR ')
    .replace(/[–—]/g, '-')
    .replace(/×/g, 'x')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/([()\\])/g, '\\$1');
}

function money(cents: number, currency: string) {
  return `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;
}

/** A real, minimal one-page PDF (Helvetica text), valid for any reader. */
export function invoicePdf(invoice: Invoice): Buffer {
  const lines = [
    `Sneakers CRM - Invoice ${invoice.number ?? invoice.id}`,
    `Status: ${invoice.status}`,
    `Issued: ${date(invoice.created)}`,
    invoice.customer_email ? `Billed to: ${invoice.customer_email}` : '',
    '',
    ...invoice.lines.data.map((l) => `${l.description ?? ''}   ${money(l.amount, l.currency)}`),
    '',
    `Total: ${money(invoice.total, invoice.currency)}`,
    `Amount paid: ${money(invoice.amount_paid, invoice.currency)}`,
    `Amount due: ${money(invoice.amount_remaining, invoice.currency)}`,
  ];
  const text = lines.map((l) => `(${pdfText(l)}) Tj T*`).join('\n');
  const stream = `BT /F1 12 Tf 16 TL 50 790 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
