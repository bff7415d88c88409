import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { idAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A message in its conversation's partition (`pk = conversationId`, `sk = seqKey`, the seq
 * zero-padded so the key order is the seq order): a Query reads them in server order,
 * `gt`/`lt` on the key gives the catch-up after a seq and the page before one.
 */
export const messageEntity = new Entity({
  model: { entity: 'messagingMessage', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    seqKey: { type: 'string', required: true, readOnly: true },
    id: idAttribute,
    seq: { type: 'number', required: true, readOnly: true },
    senderUserId: { type: 'string', required: true, readOnly: true },
    senderName: { type: 'string', required: true, readOnly: true },
    content: { type: 'string', required: true, readOnly: true },
    clientMessageId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    bySeq: {
      pk: { field: 'pk', composite: ['conversationId'] },
      sk: { field: 'sk', composite: ['seqKey'] },
    },
  },
});

export type MessageItem = EntityItem<typeof messageEntity>;
