import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** One email send (eventId#type#recipient): claimed before sending, marked sent after. */
export const emailSendEntity = new Entity({
  model: { entity: 'notificationEmail', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    sendKey: { type: 'string', required: true, readOnly: true },
    status: { type: ['sending', 'sent'] as const, required: true },
    claimedAt: { type: 'number', required: true },
    sentAt: { type: 'number' },
    /** offer_updated emails are not counted towards usage (docs/product/notifications-and-emails.md#usage-tracking). */
    trackUsage: { type: 'boolean', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: { pk: { field: 'pk', composite: ['sendKey'] }, sk: { field: 'sk', composite: [] } },
  },
});
