import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A sender's client message id in a conversation, created (attribute_not_exists) in the
 * send's transaction: a retry of the same send fails that condition and is answered with
 * the message at `seq`, so nothing is sent or counted twice. Its own partition (conversation
 * and sender), so the conversation's message partition holds messages only.
 */
export const messageClientIdEntity = new Entity({
  model: { entity: 'messagingMessageClientId', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    senderUserId: { type: 'string', required: true, readOnly: true },
    clientMessageId: { type: 'string', required: true, readOnly: true },
    seq: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byClientId: {
      pk: { field: 'pk', composite: ['conversationId', 'senderUserId'] },
      sk: { field: 'sk', composite: ['clientMessageId'] },
    },
  },
});

export type MessageClientIdItem = EntityItem<typeof messageClientIdEntity>;
