import { describe, expect, it } from 'vitest';
import {
  buildEvent,
  invoicePaid,
  paymentFailed,
  subscriptionChanged,
  trialEnding,
  type SubscriptionChangeReason,
} from '@sneakers/events';
import { EMAIL_KINDS } from '@sneakers/shared/contracts/profile-values';
import {
  onInvoicePaid,
  onPaymentFailed,
  onSubscriptionChanged,
  onTrialEnding,
} from '../../src/emails/domain/billing';
import { failsThenSends, memoryDeps } from './memory';

// Spanish amounts read '49,99\u00a0€': Intl puts a no-break space before the euro sign.
const BILLING = 'https://app.example/dashboard/billing';
// Sent at 10:00 on 22 November; the trial ends three days later.
const SENT_AT = '2026-11-22T10:00:00.000Z';
const TRIAL_END = '2026-11-25T10:00:00.000Z';

const meta = (eventId = 'evt-1') => ({ eventId, occurredAt: SENT_AT });

const ending = (
  data: Partial<{ plan: 'store' | 'reseller'; amount: number; hasPaymentMethod: boolean }> = {},
  id = 'evt-1',
) =>
  buildEvent(
    trialEnding,
    { userId: 'u1', trialEndsAt: TRIAL_END, plan: 'store', amount: 4999, hasPaymentMethod: false, ...data },
    meta(id),
  ).detail;

const changed = (
  reason: SubscriptionChangeReason,
  over: Partial<Parameters<typeof buildEvent<typeof subscriptionChanged.data>>[1]> = {},
  id = 'evt-1',
) =>
  buildEvent(
    subscriptionChanged,
    {
      userId: 'u1',
      reason,
      previousStatus: 'trial',
      status: 'active',
      plan: 'store',
      amount: 4999,
      trialEndsAt: TRIAL_END,
      currentPeriodEnd: '2026-12-25T10:00:00.000Z',
      cancelAtPeriodEnd: false,
      ...over,
    },
    meta(id),
  ).detail;

const failed = (nextAttemptAt: string | null, id = 'evt-1') =>
  buildEvent(
    paymentFailed,
    {
      userId: 'u1',
      invoiceId: 'in_1',
      amount: 4999,
      currency: 'eur',
      nextAttemptAt,
      hostedInvoiceUrl: 'https://pay.example/i/in_1',
    },
    meta(id),
  ).detail;

const paid = (over: Partial<Parameters<typeof buildEvent<typeof invoicePaid.data>>[1]> = {}, id = 'evt-1') =>
  buildEvent(
    invoicePaid,
    {
      userId: 'u1',
      invoiceId: 'in_1',
      number: 'SNK-0001',
      amount: 499,
      currency: 'eur',
      pdfUrl: 'https://pay.example/i/in_1/pdf',
      hostedInvoiceUrl: 'https://pay.example/i/in_1',
      ...over,
    },
    meta(id),
  ).detail;

function account(
  language: 'en' | 'es' = 'en',
  over: Parameters<ReturnType<typeof memoryDeps>['addRecipient']>[1] = {},
) {
  const m = memoryDeps();
  m.addRecipient('u1', {
    contactEmail: 'owner@kicks.example',
    businessName: 'Kicks <Madrid>',
    language,
    ...over,
  });
  return m;
}

describe('billing_trial_ending (Billing.TrialEnding)', () => {
  it('tells the days left, the plan and its price with the VAT note, and "add a card" without one; links the billing section', async () => {
    const m = account('en');
    await onTrialEnding(m.deps, ending());
    expect(m.sent).toHaveLength(1);
    const [email] = m.sent;
    expect(email?.to).toBe('owner@kicks.example');
    expect(email?.subject).toBe('Your free trial ends in 3 days');
    expect(email?.text).toBe(
      [
        'Hi Kicks <Madrid>,',
        '',
        'Your free trial of Sneaker CRM ends on November 25, 2026.',
        '',
        'Plan: Store plan',
        'Price: €49.99 / month',
        'Trial ends: November 25, 2026',
        '',
        'Add a card to keep going: without one, your account turns read-only when the trial ends. Everything you saved is kept, and you can choose a plan at any time.',
        '',
        'VAT included where applicable.',
        '',
        `Add a card: ${BILLING}`,
        '',
        'The Sneaker CRM team',
      ].join('\n'),
    );
    expect(email?.html).toContain(`<a href="${BILLING}">Add a card</a>`);
    expect(email?.html).toContain('Hi Kicks &#60;Madrid&#62;,');
    expect(email?.html).not.toContain('<Madrid>');
    // Account emails are not counted as usage.
    expect([...m.sends.values()]).toEqual([{ status: 'sent', trackUsage: false }]);
  });

  it('says the card will be charged when one is on file, in Spanish, with the reseller price', async () => {
    const m = account('es');
    await onTrialEnding(m.deps, ending({ hasPaymentMethod: true, plan: 'reseller', amount: 499 }));
    const email = m.sent[0]!;
    expect(email.subject).toBe('Tu prueba gratuita termina en 3 días');
    expect(email.text).toContain('Hola Kicks <Madrid>:');
    expect(email.text).toContain('Precio: 4,99\u00a0€ / mes');
    expect(email.text).toContain(
      'El 25 de noviembre de 2026 cobraremos 4,99\u00a0€ en tu tarjeta por el Plan revendedor y todo seguirá funcionando sin interrupciones.',
    );
    expect(email.text).toContain('IVA incluido cuando corresponda.');
    expect(email.text).toContain(`Gestionar facturación: ${BILLING}`);
    expect(email.text).not.toContain('Añadir una tarjeta');
  });

  it('adds an in-app notification in every language, linking the billing section', async () => {
    const m = account('es');
    await onTrialEnding(m.deps, ending({ hasPaymentMethod: true }));
    const [row] = [...m.rows.values()];
    expect(row).toMatchObject({
      recipientUserId: 'u1',
      type: 'billing',
      link: '/dashboard/billing',
      title: 'Tu prueba gratuita termina en 3 días',
      body: 'El 25 de noviembre de 2026 cobraremos 49,99\u00a0€ en tu tarjeta.',
    });
    expect(row?.texts?.en).toEqual({
      title: 'Your free trial ends in 3 days',
      body: 'Your card will be charged €49.99 on November 25, 2026.',
    });
    expect(m.events.map((e) => e.detailType)).toEqual(['Notification.Added']);
  });

  it('says "1 day" on the last day', async () => {
    const m = account('en');
    const late = buildEvent(
      trialEnding,
      { userId: 'u1', trialEndsAt: TRIAL_END, plan: 'store', amount: 4999, hasPaymentMethod: false },
      { eventId: 'evt-late', occurredAt: '2026-11-24T12:00:00.000Z' },
    ).detail;
    await onTrialEnding(m.deps, late);
    expect(m.sent[0]?.subject).toBe('Your free trial ends in 1 day');
  });
});

describe('billing emails are sent once per event', () => {
  it('the same event delivered twice sends one email and adds one notification; another event sends again', async () => {
    const m = account('en');
    await onTrialEnding(m.deps, ending());
    await onTrialEnding(m.deps, ending());
    expect(m.sent).toHaveLength(1);
    expect(m.rows.size).toBe(1);
    await onSubscriptionChanged(m.deps, changed('activated'));
    await onSubscriptionChanged(m.deps, changed('activated'));
    await onInvoicePaid(m.deps, paid());
    await onInvoicePaid(m.deps, paid());
    await onPaymentFailed(m.deps, failed(null));
    await onPaymentFailed(m.deps, failed(null));
    expect(m.sent.map((e) => e.subject)).toEqual([
      'Your free trial ends in 3 days',
      'Your subscription is active',
      'Your Sneaker CRM receipt: €4.99',
      'We could not take your payment of €49.99',
    ]);
    await onTrialEnding(m.deps, ending({}, 'evt-2'));
    expect(m.sent).toHaveLength(5);
  });

  it('a failed send throws (the bus retries) and the retry sends', async () => {
    const m = account('en');
    await failsThenSends(m.failOnce, () =>
      onSubscriptionChanged(m.deps, changed('canceled', { previousStatus: 'active', status: 'canceled' })),
    );
    expect(m.sent.map((e) => e.subject)).toEqual(['Your subscription has ended']);
  });
});

describe('billing emails are account emails', () => {
  it('go even with email notifications off and every kind muted', async () => {
    const m = account('en', { emailNotifications: false, mutedEmails: [...EMAIL_KINDS] });
    await onTrialEnding(m.deps, ending());
    await onPaymentFailed(m.deps, failed('2026-11-25T10:00:00.000Z'));
    await onInvoicePaid(m.deps, paid());
    expect(m.sent).toHaveLength(3);
  });

  it('are skipped without a contact email (the notification is still added), and without a profile', async () => {
    const m = account('en', { contactEmail: '  ' });
    await onTrialEnding(m.deps, ending());
    expect(m.sent).toHaveLength(0);
    expect(m.rows.size).toBe(1);
    const none = memoryDeps();
    await onSubscriptionChanged(none.deps, changed('activated'));
    expect(none.sent).toHaveLength(0);
    // English without a profile.
    expect([...none.rows.values()][0]?.title).toBe('Your subscription is active');
  });
});

describe('billing emails of each subscription change (Billing.SubscriptionChanged)', () => {
  const cases: {
    reason: SubscriptionChangeReason;
    over?: Parameters<typeof changed>[1];
    en: string;
    es: string;
    lines: { en: string[]; es: string[] };
    action: { en: string; es: string };
  }[] = [
    {
      reason: 'trial_ended',
      over: { status: 'canceled', currentPeriodEnd: null },
      en: 'Your free trial has ended',
      es: 'Tu prueba gratuita ha terminado',
      lines: {
        en: ['Your free trial ended on November 25, 2026. Your account is read-only now'],
        es: ['Tu prueba gratuita terminó el 25 de noviembre de 2026. Ahora tu cuenta es de solo lectura'],
      },
      action: { en: 'Choose a plan', es: 'Elegir un plan' },
    },
    {
      reason: 'canceled',
      over: { previousStatus: 'trial', status: 'canceled', currentPeriodEnd: null },
      en: 'Your free trial has ended',
      es: 'Tu prueba gratuita ha terminado',
      lines: { en: ['nothing has been deleted'], es: ['no se ha borrado nada'] },
      action: { en: 'Choose a plan', es: 'Elegir un plan' },
    },
    {
      reason: 'activated',
      en: 'Your subscription is active',
      es: 'Tu suscripción está activa',
      lines: {
        en: [
          'Thank you for subscribing',
          'Price: €49.99 / month',
          'Next renewal: December 25, 2026',
          'VAT included where applicable.',
        ],
        es: [
          '¡Gracias por suscribirte',
          'Tu Plan tienda está activo.',
          'Próxima renovación: 25 de diciembre de 2026',
        ],
      },
      action: { en: 'Manage billing', es: 'Gestionar facturación' },
    },
    {
      reason: 'payment_recovered',
      over: { previousStatus: 'past_due' },
      en: 'Payment received: your subscription is active again',
      es: 'Pago recibido: tu suscripción vuelve a estar activa',
      lines: { en: ['your Store plan is active again'], es: ['tu Plan tienda vuelve a estar activo'] },
      action: { en: 'Manage billing', es: 'Gestionar facturación' },
    },
    {
      reason: 'cancel_scheduled',
      over: { cancelAtPeriodEnd: true, previousStatus: 'active' },
      en: 'Your subscription will end on December 25, 2026',
      es: 'Tu suscripción terminará el 25 de diciembre de 2026',
      lines: { en: ['Access until: December 25, 2026'], es: ['Acceso hasta: 25 de diciembre de 2026'] },
      action: { en: 'Resume your subscription', es: 'Reanudar tu suscripción' },
    },
    {
      reason: 'cancel_undone',
      over: { previousStatus: 'active' },
      en: 'Your subscription will continue',
      es: 'Tu suscripción continúa',
      lines: {
        en: ['your Store plan continues as before'],
        es: ['tu Plan tienda continúa como hasta ahora'],
      },
      action: { en: 'Manage billing', es: 'Gestionar facturación' },
    },
    {
      reason: 'canceled',
      over: { previousStatus: 'past_due', status: 'canceled' },
      en: 'Your subscription has ended',
      es: 'Tu suscripción ha terminado',
      lines: { en: ['your account is read-only now'], es: ['ahora tu cuenta es de solo lectura'] },
      action: { en: 'Choose a plan', es: 'Elegir un plan' },
    },
    {
      reason: 'plan_changed',
      over: { previousStatus: 'active', plan: 'reseller', amount: 499 },
      en: 'Your plan has changed: Reseller plan',
      es: 'Tu plan ha cambiado: Plan revendedor',
      lines: {
        en: ['You are now on the Reseller plan (€4.99 / month).'],
        es: ['Ahora tienes el Plan revendedor (4,99\u00a0€ / mes).'],
      },
      action: { en: 'Manage billing', es: 'Gestionar facturación' },
    },
    {
      reason: 'trial_extended',
      over: { status: 'trial', trialEndsAt: '2026-12-09T10:00:00.000Z', currentPeriodEnd: null },
      en: 'Your free trial has been extended',
      es: 'Hemos ampliado tu prueba gratuita',
      lines: { en: ['now ends on December 9, 2026'], es: ['ahora termina el 9 de diciembre de 2026'] },
      action: { en: 'Manage billing', es: 'Gestionar facturación' },
    },
  ];

  for (const c of cases)
    it(`${c.reason}${c.over?.previousStatus ? ` from ${c.over.previousStatus}` : ''}: "${c.en}" / "${c.es}"`, async () => {
      for (const language of ['en', 'es'] as const) {
        const m = account(language);
        await onSubscriptionChanged(m.deps, changed(c.reason, c.over));
        expect(m.sent.map((e) => e.subject)).toEqual([c[language]]);
        for (const line of c.lines[language]) expect(m.sent[0]?.text).toContain(line);
        expect(m.sent[0]?.text).toContain(`${c.action[language]}: ${BILLING}`);
        const [row] = [...m.rows.values()];
        expect(row).toMatchObject({ type: 'billing', link: '/dashboard/billing' });
        expect(row?.texts?.en?.body).toBeTruthy();
        expect(row?.texts?.es?.body).toBeTruthy();
      }
    });

  it('trial_started sends nothing (the welcome email says it) and adds no notification', async () => {
    const m = account('en');
    await onSubscriptionChanged(m.deps, changed('trial_started', { previousStatus: null, status: 'trial' }));
    expect(m.sent).toHaveLength(0);
    expect(m.rows.size).toBe(0);
  });

  it('payment_failed adds the in-app notification only (Billing.PaymentFailed sends the email)', async () => {
    const m = account('es');
    await onSubscriptionChanged(
      m.deps,
      changed('payment_failed', { previousStatus: 'active', status: 'past_due' }),
    );
    expect(m.sent).toHaveLength(0);
    const [row] = [...m.rows.values()];
    expect(row).toMatchObject({
      title: 'Pago fallido',
      body: 'No hemos podido cobrar el Plan tienda en tu tarjeta. Actualízala para mantener tu suscripción.',
    });
    expect(row?.texts?.en?.title).toBe('Payment failed');
  });
});

describe('billing_payment_failed (Billing.PaymentFailed)', () => {
  it('tells the amount, the next attempt and links the billing section and the invoice page', async () => {
    const m = account('en');
    await onPaymentFailed(m.deps, failed('2026-11-25T10:00:00.000Z'));
    const email = m.sent[0]!;
    expect(email.subject).toBe('We could not take your payment of €49.99');
    expect(email.text).toContain('Amount: €49.99');
    expect(email.text).toContain('Next attempt: November 25, 2026');
    expect(email.text).toContain('We will try again on November 25, 2026.');
    expect(email.text).toContain('for up to 14 days after the first failed payment');
    expect(email.text).toContain(`Update your card: ${BILLING}`);
    expect(email.text).toContain('Pay the invoice online: https://pay.example/i/in_1');
    expect(email.html).toContain('href="https://pay.example/i/in_1"');
    // No in-app notification from this event: the status change brings it.
    expect(m.rows.size).toBe(0);
  });

  it('says there is no further attempt after the last one, in Spanish', async () => {
    const m = account('es');
    await onPaymentFailed(m.deps, failed(null));
    const email = m.sent[0]!;
    expect(email.subject).toBe('No hemos podido cobrar el pago de 49,99\u00a0€');
    expect(email.text).toContain('No lo volveremos a intentar, así que tu suscripción terminará.');
    expect(email.text).not.toContain('Próximo intento');
    expect(email.text).toContain(`Actualizar tu tarjeta: ${BILLING}`);
  });
});

describe('billing_receipt (Billing.InvoicePaid)', () => {
  it('tells the amount with its currency and the number, and links the PDF', async () => {
    const m = account('en');
    await onInvoicePaid(m.deps, paid());
    const email = m.sent[0]!;
    expect(email.subject).toBe('Your Sneaker CRM receipt: €4.99');
    expect(email.text).toContain('Amount: €4.99');
    expect(email.text).toContain('Invoice number: SNK-0001');
    expect(email.text).toContain('Download the invoice (PDF): https://pay.example/i/in_1/pdf');
    expect(email.text).toContain('VAT included where applicable.');
    expect(email.html).toContain('<a href="https://pay.example/i/in_1/pdf">Download the invoice (PDF)</a>');
    expect(m.rows.size).toBe(0);
  });

  it('in Spanish, linking the invoice page when there is no PDF', async () => {
    const m = account('es');
    await onInvoicePaid(m.deps, paid({ pdfUrl: null, number: null, amount: 4999 }));
    const email = m.sent[0]!;
    expect(email.subject).toBe('Tu recibo de Sneaker CRM: 49,99\u00a0€');
    expect(email.text).toContain('Importe: 49,99\u00a0€');
    expect(email.text).not.toContain('Número de factura');
    expect(email.text).toContain('Ver la factura: https://pay.example/i/in_1');
  });

  it('sends no receipt for a zero invoice (nothing was charged)', async () => {
    const m = account('en');
    await onInvoicePaid(m.deps, paid({ amount: 0 }));
    expect(m.sent).toHaveLength(0);
  });
});
