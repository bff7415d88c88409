import { LANGUAGES, TRIAL_DAYS } from '@sneakers/shared/contracts/profiles';
import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import type { Language } from './catalogue';
import { EMAIL_TYPES, type EmailType } from './index';
import { PAST_DUE_GRACE_DAYS } from '@sneakers/shared/rules/subscription';
import {
  paymentFailedEmail,
  receiptEmail,
  subscriptionEmail,
  trialEndingEmail,
  type BillingRecipient,
  type SubscriptionCopy,
  type SubscriptionEmailType,
} from './templates/billing';
import { bookingEmail, type BookingEmailData } from './templates/bookings';
import { orderConfirmationEmail, paymentEmail, saleConfirmationEmail } from './templates/commerce';
import { consignmentEmail, type ConsignmentEmailData } from './templates/consignments';
import { accountClosureRequestedEmail, accountDeletedEmail, exportReadyEmail } from './templates/account';
import { dealsDigestEmail } from './templates/deals';
import { escapeHtml } from './templates/layout';
import { messageReceivedEmail } from './templates/messages';
import { webhookDisabledEmail } from './templates/webhooks';
import { welcomeEmail } from './templates/welcome';
import { notifyMeEmail, type NotifyMeEmailData } from './templates/notify-me';
import {
  offerAnsweredEmail,
  offerEmail,
  offerReceivedMessage,
  offerUpdatedMessage,
} from './templates/offers';

/**
 * Every email with realistic sample data, for the developer preview
 * (scripts/preview-emails.ts) and the test that renders them all. Keyed by EmailType, so a
 * new email type does not compile until it has a sample.
 */
const APP_URL = 'https://app.example.com';
const OFFERS = `${APP_URL}/dashboard/offers`;

const booking = (language: Language): BookingEmailData => ({
  shareId: 'q7Hc2xN9-share',
  clientName: 'Lucía Fernández',
  clientEmail: 'lucia@example.com',
  itemName: 'Nike Dunk Low "Panda"',
  itemSku: 'DD1391-100',
  size: '42',
  salePrice: 18_000,
  prepaidAmount: 5_000,
  currency: 'EUR',
  status: 'found',
  language,
  storeBusinessName: 'Kicks & Co. Madrid',
});

const consignment = (language: Language): ConsignmentEmailData => ({
  storeBusinessName: 'Kicks & Co. Madrid',
  language,
  providerName: 'Marco Rossi',
  providerEmail: 'marco@example.com',
  itemName: 'Air Jordan 1 Retro High OG "Chicago"',
  itemSku: 'DZ5485-612',
  size: '44.5',
  price: 32_000,
  currency: 'EUR',
});

const notifyMe = (language: Language, actionLink: string): NotifyMeEmailData => ({
  to: 'lucia@example.com',
  language,
  storeName: 'Kicks & Co. Madrid',
  productName: 'Nike Dunk Low "Panda"',
  size: '42',
  actionLink,
  unsubscribeLink: `${APP_URL}/store/notify/unsubscribe?token=sample-unsubscribe-token`,
});

const BILLING = `${APP_URL}/dashboard/billing`;
const account = (language: Language): BillingRecipient => ({
  to: 'hola@kicks.example',
  language,
  name: 'Kicks & Co. Madrid',
});
const subscription: SubscriptionCopy = {
  plan: 'store',
  amount: 4_999,
  trialEndsAt: '2026-12-06T10:00:00.000Z',
  currentPeriodEnd: '2027-01-06T10:00:00.000Z',
};
const change =
  (type: SubscriptionEmailType, copy: Partial<SubscriptionCopy> = {}) =>
  (language: Language) =>
    subscriptionEmail(type, account(language), { ...subscription, ...copy }, BILLING);

export const EMAIL_SAMPLES: Record<EmailType, (language: Language) => OutgoingEmail> = {
  offer_received: (language) =>
    offerEmail(
      'store@example.com',
      offerReceivedMessage(language, { senderName: 'Javier Ruiz', itemsCount: 1, listType: 'wtb' }),
      language,
      OFFERS,
    ),
  offer_received_unified: (language) =>
    offerEmail(
      'store@example.com',
      offerReceivedMessage(language, { senderName: 'Javier Ruiz', itemsCount: 3, listType: 'wtc' }),
      language,
      OFFERS,
    ),
  offer_updated: (language) =>
    offerEmail(
      'reseller@example.com',
      offerUpdatedMessage(language, {
        status: 'countered',
        actorName: 'Kicks & Co. Madrid',
        itemName: 'Nike Dunk Low "Panda"',
        counterPrice: 17_000,
        currency: 'EUR',
      }),
      language,
      OFFERS,
    ),
  offer_answered: (language) =>
    offerAnsweredEmail(
      {
        status: 'countered',
        storeBusinessName: 'Kicks & Co. Madrid',
        senderName: 'Javier Ruiz',
        senderEmail: 'javier@example.com',
        language,
        currency: 'EUR',
        lines: [
          {
            itemName: 'Nike Dunk Low "Panda"',
            itemSku: 'DD1391-100',
            size: '42',
            quantity: 2,
            offeredPrice: 9_000,
          },
        ],
        message: null,
        counterPrice: 19_000,
        counterMessage: 'Both pairs for this price.',
      },
      `${APP_URL}/offer-status/sample-token`,
    ),
  booking_confirmation: (language) => bookingEmail('booking_confirmation', booking(language), APP_URL),
  booking_update: (language) => bookingEmail('booking_update', booking(language), APP_URL),
  booking_information: (language) => bookingEmail('booking_information', booking(language), APP_URL),
  consignment_created: (language) => consignmentEmail('consignment_created', consignment(language)),
  consignment_sold: (language) => consignmentEmail('consignment_sold', consignment(language)),
  sale_confirmation: (language) =>
    saleConfirmationEmail({
      storeBusinessName: 'Kicks & Co. Madrid',
      language,
      clientName: 'Lucía Fernández',
      clientEmail: 'lucia@example.com',
      itemName: 'Nike Dunk Low "Panda"',
      itemSku: 'DD1391-100',
      size: '42',
      quantity: 1,
      salePrice: 18_000,
      currency: 'EUR',
      saleDate: '2026-11-20',
      shippingCarrier: 'SEUR',
      trackingNumber: '06123456789012',
      notes: null,
    }),
  order_confirmation: (language) =>
    orderConfirmationEmail(
      'lucia@example.com',
      language,
      {
        storeBusinessName: 'Kicks & Co. Madrid',
        buyerName: 'Lucía Fernández',
        buyerEmail: 'lucia@example.com',
        total: 18_000,
        currency: 'EUR',
        lines: [
          { name: 'Nike Dunk Low "Panda"', sku: 'DD1391-100', size: '42', quantity: 1, unitPrice: 18_000 },
        ],
      },
      `${APP_URL}/orders/sample-share-id`,
    ),
  payment: (language) =>
    paymentEmail({
      storeBusinessName: 'Kicks & Co. Madrid',
      language,
      providerName: 'Marco Rossi',
      providerEmail: 'marco@example.com',
      totalAmount: 64_000,
      currency: 'EUR',
      paymentMethod: 'bank_transfer',
      paymentDate: '2026-11-21',
      notes: 'November settlement',
      consignmentCount: 2,
    }),
  message_received: (language) =>
    messageReceivedEmail(
      {
        to: 'store@example.com',
        language,
        senderName: 'Javier Ruiz Resell',
        preview: 'Hi! Do you still have the Dunk Low "Panda" in 42? I can pick them up tomorrow.',
        unreadTotal: 3,
      },
      `${APP_URL}/dashboard/messages?conversation=01JD8Z3K5N6P7Q8R9S0T1V2W3X`,
    ),
  welcome: (language) =>
    welcomeEmail(
      {
        to: 'hola@kicks.example',
        language,
        name: 'Kicks & Co. Madrid',
        trialEndsAt: '2026-12-06T10:00:00.000Z',
        trialDays: TRIAL_DAYS,
      },
      (path) => `${APP_URL}${path}`,
    ),
  storefront_notify_confirm: (language) =>
    notifyMeEmail(
      'storefront_notify_confirm',
      notifyMe(language, `${APP_URL}/store/notify/confirm?token=sample-confirm-token`),
    ),
  storefront_back_in_stock: (language) =>
    notifyMeEmail(
      'storefront_back_in_stock',
      notifyMe(language, `${APP_URL}/store/demo-store/product/s-dd1391100`),
    ),
  billing_trial_ending: (language) =>
    trialEndingEmail(
      account(language),
      {
        plan: 'store',
        amount: 4_999,
        trialEndsAt: subscription.trialEndsAt,
        hasPaymentMethod: false,
        daysLeft: 3,
      },
      BILLING,
    ),
  billing_trial_ended: change('billing_trial_ended', { currentPeriodEnd: null }),
  billing_activated: change('billing_activated'),
  billing_payment_failed: (language) =>
    paymentFailedEmail(
      account(language),
      {
        amount: 4_999,
        currency: 'eur',
        nextAttemptAt: '2026-12-09T10:00:00.000Z',
        hostedInvoiceUrl: 'https://invoice.example/i/in_1QbX2c',
        graceDays: PAST_DUE_GRACE_DAYS,
      },
      BILLING,
    ),
  billing_payment_recovered: change('billing_payment_recovered'),
  billing_cancel_scheduled: change('billing_cancel_scheduled'),
  billing_cancel_undone: change('billing_cancel_undone'),
  billing_canceled: change('billing_canceled'),
  billing_plan_changed: change('billing_plan_changed', { plan: 'reseller', amount: 499 }),
  billing_trial_extended: change('billing_trial_extended', {
    trialEndsAt: '2026-12-20T10:00:00.000Z',
    currentPeriodEnd: null,
  }),
  deals_digest: (language) =>
    dealsDigestEmail(
      {
        to: 'store@example.com',
        language,
        newDeals: 4,
        samples: [
          { dealId: 'd1', productName: 'Jordan 1 Retro High OG Chicago', partnerName: 'Kicks BCN' },
          { dealId: 'd2', productName: 'Nike Dunk Low Panda', partnerName: 'Hype Vault Lisboa' },
          { dealId: 'd3', productName: 'adidas Samba OG White Black', partnerName: 'Drop Zone Valencia' },
        ],
      },
      `${APP_URL}/dashboard/deals`,
    ),
  export_ready: (language) =>
    exportReadyEmail(
      { to: 'hola@kicks.example', language, name: 'Kicks & Co. Madrid' },
      '2026-12-05T10:00:00.000Z',
      `${APP_URL}/dashboard/migration-tools?export=01JD8Z3K5N6P7Q8R9S0T1V2W3X`,
    ),
  account_closure_requested: (language) =>
    accountClosureRequestedEmail(
      { to: 'hola@kicks.example', language, name: 'Kicks & Co. Madrid' },
      '2026-12-28T10:00:00.000Z',
      `${APP_URL}/auth`,
    ),
  account_deleted: (language) =>
    accountDeletedEmail({ to: 'hola@kicks.example', language, name: 'Kicks & Co. Madrid' }),
  webhook_disabled: (language) =>
    webhookDisabledEmail(
      account(language),
      { url: 'https://hooks.kicks.example/sneakers', failingSince: '2026-11-20T08:00:00.000Z' },
      `${APP_URL}/dashboard/settings`,
    ),
  billing_receipt: (language) =>
    receiptEmail(
      account(language),
      {
        amount: 4_999,
        currency: 'eur',
        number: 'SNK-0042-0001',
        pdfUrl: 'https://invoice.example/i/in_1QbX2c/pdf',
        hostedInvoiceUrl: 'https://invoice.example/i/in_1QbX2c',
      },
      BILLING,
    ),
};

export interface RenderedPreview {
  type: EmailType;
  language: Language;
  email: OutgoingEmail;
}

/** Every email type in every language. */
export function renderSamples(): RenderedPreview[] {
  return EMAIL_TYPES.flatMap((type) =>
    LANGUAGES.map((language) => ({ type, language, email: EMAIL_SAMPLES[type](language) })),
  );
}

export const previewFileName = ({ type, language }: Pick<RenderedPreview, 'type' | 'language'>) =>
  `${type}.${language}.html`;

const page = (title: string, body: string) =>
  [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}' +
      'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}' +
      '.mail{border:1px solid #ccc;border-radius:8px;padding:1rem}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>',
    '</head><body>',
    body,
    '</body></html>',
  ].join('\n');

/** One preview page: the headers, the HTML part as a mail client shows it, and the text part. */
export function previewPage({ type, language, email }: RenderedPreview): string {
  return page(
    `${type} (${language})`,
    [
      `<p><a href="index.html">All emails</a></p>`,
      `<h1>${escapeHtml(type)} <small>(${language})</small></h1>`,
      `<dl><dt>To</dt><dd>${escapeHtml(email.to)}</dd><dt>Subject</dt><dd>${escapeHtml(email.subject)}</dd></dl>`,
      '<h2>HTML</h2>',
      `<div class="mail">${email.html}</div>`,
      '<h2>Text</h2>',
      `<pre>${escapeHtml(email.text)}</pre>`,
    ].join('\n'),
  );
}

/** The index: one row per email type, a link per language with its subject. */
export function previewIndex(previews: readonly RenderedPreview[]): string {
  const rows = EMAIL_TYPES.map((type) => {
    const cells = previews
      .filter((p) => p.type === type)
      .map((p) => `<td><a href="${previewFileName(p)}">${escapeHtml(p.email.subject)}</a></td>`);
    return `<tr><th>${escapeHtml(type)}</th>${cells.join('')}</tr>`;
  });
  const head = `<tr><th>Email</th>${LANGUAGES.map((l) => `<th>${l}</th>`).join('')}</tr>`;
  return page('Email previews', `<h1>Email previews</h1>\n<table>${head}${rows.join('')}</table>`);
}
