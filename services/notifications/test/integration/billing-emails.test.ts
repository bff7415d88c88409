import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEvent, trialEnding } from '@sneakers/events';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { cloud, mailTo, poll } from '../../../../tests/support/cloud-client';
import { localTable, storeWithProfile } from './support';

/**
 * Issue 26: Billing.TrialEnding, published as the billing service publishes it (an outbox row
 * the stream relays to the bus), becomes the trial-ending email in the user's language and an
 * in-app notification; an account email, so it goes with email notifications off, and once
 * however often the bus delivers it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function outbox() {
  return new Service({ outbox: outboxEntity }, localTable()).entities.outbox;
}

function trialEndingEvent(userId: string, trialEndsAt: string) {
  return buildEvent(
    trialEnding,
    { userId, trialEndsAt, plan: 'store', amount: 4999, hasPaymentMethod: false },
    { eventId: `billing-trial-ending-${randomUUID()}`, occurredAt: new Date().toISOString() },
  );
}

describe('billing emails', () => {
  it('the trial-ending email reaches the user in their language, once, even with notifications off, with its in-app notification', async () => {
    const cases = [
      {
        language: 'en',
        subject: 'Your free trial ends in 3 days',
        lines: [
          'Hi Kicks London,',
          'Price: €49.99 / month',
          'VAT included where applicable.',
          'Add a card: ',
        ],
        action: 'Add a card',
      },
      {
        language: 'es',
        subject: 'Tu prueba gratuita termina en 3 días',
        lines: [
          'Hola Zapas Madrid:',
          'Precio: 49,99\u00a0€ / mes',
          'IVA incluido cuando corresponda.',
          'Añadir una tarjeta: ',
        ],
        action: 'Añadir una tarjeta',
      },
    ] as const;
    const trialEndsAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const users = await Promise.all(
      cases.map(async (expected) => {
        const user = await storeWithProfile({
          language: expected.language,
          businessName: expected.language === 'es' ? 'Zapas Madrid' : 'Kicks London',
          contactEmail: `billing-${randomUUID()}@example.com`,
        });
        // The Spanish store turned every email off: billing emails still go.
        if (expected.language === 'es')
          await user.client.call(updateMyProfile, { body: { emailNotifications: false } });
        const event = trialEndingEvent(user.userId, trialEndsAt);
        await outbox().create(outboxItem(event)).go();
        return { expected, user, event };
      }),
    );
    for (const { user } of users)
      await poll(
        () => mailTo(user.contactEmail),
        (m) => m.length > 0,
        20_000,
      );

    // The bus delivers the English event again (the same event id): no second email.
    const again = users[0]!.event;
    await outbox().delete({ eventId: again.eventId }).go();
    await outbox().create(outboxItem(again)).go();
    await new Promise((r) => setTimeout(r, 2000));

    for (const { expected, user } of users) {
      const mails = await mailTo(user.contactEmail);
      expect(mails.map((m) => m.subject)).toEqual([expected.subject]);
      const text = mails[0]?.body.text ?? '';
      for (const line of expected.lines) expect(text).toContain(line);
      expect(mails[0]?.body.html).toContain(
        `<a href="${cloud().appUrl}/dashboard/billing">${expected.action}</a>`,
      );
      const { notifications } = await poll(
        () => user.client.call(listNotifications, { query: { language: expected.language } }),
        (r) => r.notifications.length > 0,
        8000,
      );
      expect(notifications.map((n) => [n.type, n.title, n.link])).toEqual([
        ['billing', expected.subject, '/dashboard/billing'],
      ]);
    }
  }, 90_000);
});
