import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { buildEvent, storefrontEmailRequested } from '@sneakers/events';
import { onStorefrontEmailRequested } from '../../src/emails/domain/notify-me';
import { memoryDeps } from './memory';

/** Issue 28: the online store's notify-me emails to a visitor (no profile, no preferences). */
type Requested = z.input<typeof storefrontEmailRequested.data>;

const requested = (over: Partial<Requested> = {}) =>
  buildEvent(
    storefrontEmailRequested,
    {
      kind: 'notify_confirm',
      emailId: 'email-1',
      to: 'visitor@example.com',
      locale: 'en',
      storeName: 'Kicks <Madrid>',
      productName: 'Dunk Low Panda',
      size: '42',
      actionPath: '/store/notify/confirm?token=conf-token',
      unsubscribePath: '/store/notify/unsubscribe?token=unsub-token',
      ...over,
    },
    { eventId: over.emailId ?? 'email-1', occurredAt: '2026-11-25T08:00:00.000Z' },
  ).detail;

describe('storefront notify-me emails (Storefront.EmailRequested)', () => {
  it.each([
    [
      'notify_confirm',
      'en',
      'Confirm your alert: Dunk Low Panda, size 42',
      'Confirm the alert: https://app.example/store/notify/confirm?token=conf-token',
    ],
    [
      'notify_confirm',
      'es',
      'Confirma tu aviso: Dunk Low Panda, talla 42',
      'Confirmar el aviso: https://app.example/store/notify/confirm?token=conf-token',
    ],
    [
      'back_in_stock',
      'en',
      'Back in stock: Dunk Low Panda, size 42',
      'See the product: https://app.example/store/notify/confirm?token=conf-token',
    ],
    [
      'back_in_stock',
      'es',
      'De nuevo disponible: Dunk Low Panda, talla 42',
      'Ver el producto: https://app.example/store/notify/confirm?token=conf-token',
    ],
  ] as const)(
    '%s in %s: once per emailId, with the one-click unsubscribe',
    async (kind, locale, subject, action) => {
      const m = memoryDeps();
      await onStorefrontEmailRequested(m.deps, requested({ kind, locale }));
      await onStorefrontEmailRequested(m.deps, requested({ kind, locale }));
      expect(m.sent).toHaveLength(1);
      const [email] = m.sent;
      expect(email).toMatchObject({ to: 'visitor@example.com', subject });
      expect(email?.text).toContain(action);
      expect(email?.text).toContain('https://app.example/store/notify/unsubscribe?token=unsub-token');
      expect(email?.text).toContain('Kicks <Madrid>');
      expect(email?.html).toContain('Kicks &#60;Madrid&#62;');
      expect(email?.headers).toEqual([
        {
          name: 'List-Unsubscribe',
          value: '<https://app.example/store/notify/unsubscribe?token=unsub-token>',
        },
      ]);
      // Another email for the same visitor (a second size, a later restock) is its own send.
      await onStorefrontEmailRequested(m.deps, requested({ kind, locale, emailId: 'email-2' }));
      expect(m.sent).toHaveLength(2);
    },
  );

  it('names a store without a name generically, and any locale but es is English', async () => {
    const m = memoryDeps();
    await onStorefrontEmailRequested(m.deps, requested({ storeName: ' ', locale: 'fr' }));
    expect(m.sent[0]?.text).toContain('You asked Your sneaker store to email you');
  });

  it('a failed send is retried by the bus, then sent once', async () => {
    const m = memoryDeps();
    m.failOnce();
    await expect(onStorefrontEmailRequested(m.deps, requested())).rejects.toThrow('SES down');
    await onStorefrontEmailRequested(m.deps, requested());
    await onStorefrontEmailRequested(m.deps, requested());
    expect(m.sent).toHaveLength(1);
  });
});
