import { describe, expect, it } from 'vitest';
import { buildEvent, webhookEndpointDisabled } from '@sneakers/events';
import { onWebhookEndpointDisabled } from '../../src/emails/domain/webhooks';
import { memoryDeps } from './memory';

const disabled = (id = 'evt-1') =>
  buildEvent(
    webhookEndpointDisabled,
    {
      storeUserId: 'u1',
      endpointId: 'ep1',
      url: 'https://hooks.kicks.example/in',
      failingSince: '2026-11-20T08:00:00.000Z',
    },
    { eventId: id, occurredAt: '2026-11-25T08:00:00.000Z' },
  ).detail;

describe('webhook_disabled (WebhookEndpoint.Disabled)', () => {
  it.each([
    ['en', 'Your webhook endpoint was turned off', 'Webhook endpoint turned off'],
    ['es', 'Hemos desactivado tu endpoint de webhook', 'Endpoint de webhook desactivado'],
  ] as const)(
    'tells the store in %s by email and in-app notification, once per event',
    async (language, subject, title) => {
      const m = memoryDeps();
      // Email notifications off: this is an account email all the same.
      m.addRecipient('u1', { contactEmail: 'owner@kicks.example', language, emailNotifications: false });
      await onWebhookEndpointDisabled(m.deps, disabled());
      await onWebhookEndpointDisabled(m.deps, disabled());
      expect(m.sent).toHaveLength(1);
      expect(m.sent[0]).toMatchObject({ to: 'owner@kicks.example', subject });
      expect(m.sent[0]?.text).toContain('https://hooks.kicks.example/in');
      expect(m.sent[0]?.text).toContain('/dashboard/settings');
      expect([...m.rows.values()]).toEqual([
        expect.objectContaining({
          recipientUserId: 'u1',
          type: 'webhook',
          title,
          link: '/dashboard/settings',
        }),
      ]);
    },
  );
});
