import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMyProfile, getMyProfile } from '@sneakers/shared/contracts/profiles';
import { cloud, mailTo, poll } from '../../../../tests/support/cloud-client';
import { storeWithProfile } from './support';

/**
 * Issue 25: a new account gets one welcome email, in the language chosen at sign-up, with
 * the trial's end date and the three first steps. Sent from Profile.Created through the
 * outbox, so it lands a little after onboarding completes.
 */
describe('welcome email', () => {
  it('goes once to each new profile, in its language, with the trial end date and the three first steps', async () => {
    const cases = [
      {
        language: 'en',
        subject: 'Welcome to Sneaker CRM, Kicks London',
        lines: [
          'Hi Kicks London,',
          'your 14-day free trial has started. It ends on {date}',
          'Three first steps:',
          '1. Add your first pairs to your inventory.',
          '2. Share your Want to Buy list, so sellers can send you offers.',
          '3. Record your first sale to see your revenue and profit.',
        ],
      },
      {
        language: 'es',
        subject: 'Te damos la bienvenida a Sneaker CRM, Zapas Madrid',
        lines: [
          'Hola Zapas Madrid:',
          'tu prueba gratuita de 14 días ha empezado. Termina el {date}',
          'Tres primeros pasos:',
          '1. Añade tus primeros pares a tu inventario.',
          '2. Comparte tu lista de compra',
          '3. Registra tu primera venta',
        ],
      },
    ] as const;
    const stores = await Promise.all(
      cases.map(async (expected) => ({
        expected,
        store: await storeWithProfile({
          language: expected.language,
          businessName: expected.language === 'es' ? 'Zapas Madrid' : 'Kicks London',
          contactEmail: `welcome-${randomUUID()}@example.com`,
        }),
      })),
    );
    for (const { store } of stores)
      await poll(
        () => mailTo(store.contactEmail, { welcome: true }),
        (m) => m.length > 0,
        20_000,
      );
    // A retried onboarding answers the profile already made and welcomes nobody again.
    const retried = stores[0]!.store;
    await retried.client.call(createMyProfile, {
      body: {
        role: 'store',
        businessName: 'Kicks London',
        contactEmail: retried.contactEmail,
        phone: '+34 600123456',
        location: 'Madrid',
        preferredContact: 'email',
        currency: 'EUR',
        language: 'en',
        publicWtbList: false,
        publicWtsList: false,
      },
    });
    await new Promise((r) => setTimeout(r, 1500));

    for (const { expected, store } of stores) {
      const { profile } = await store.client.call(getMyProfile, {});
      const date = new Intl.DateTimeFormat(expected.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(profile!.trialEndsAt),
      );
      const mails = await mailTo(store.contactEmail, { welcome: true });
      expect(mails.map((m) => m.subject)).toEqual([expected.subject]);
      const text = mails[0]?.body.text ?? '';
      for (const line of expected.lines) expect(text).toContain(line.replace('{date}', date));
      for (const path of ['/dashboard/inventory', '/dashboard/wtb', '/dashboard/sales'])
        expect(mails[0]?.body.html).toContain(`href="${cloud().appUrl}${path}"`);
      // The other tests' mail helper leaves it out: they count what their own action sent.
      expect(await mailTo(store.contactEmail)).toEqual([]);
    }
  }, 60_000);
});
