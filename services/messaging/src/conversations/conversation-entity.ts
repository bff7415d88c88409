import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import { idAttribute, timestampAttributes } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** The related item as it was when the conversation started (shared by the conversation and its inbox rows). */
export const relatedItemAttribute = {
  type: 'map',
  properties: {
    ownerUserId: { type: 'string', required: true },
    listType: { type: LIST_TYPES, required: true },
    itemId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    sku: { type: 'string', required: true },
    imageUrl: { type: 'string' },
  },
} as const;

/** The newest message's summary, as the list shows it. */
export const lastMessageAttribute = {
  type: 'map',
  properties: {
    seq: { type: 'number', required: true },
    senderUserId: { type: 'string', required: true },
    content: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
} as const;

/**
 * A conversation between a store and a reseller (`pk = conversationId`). `lastSeq` is the
 * conversation's message counter: a send writes seq = lastSeq + 1 on the condition that
 * lastSeq is still what it read, so seqs are 1, 2, 3 ... without gaps or twins.
 */
export const conversationEntity = new Entity({
  model: { entity: 'messagingConversation', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    conversationId: idAttribute,
    storeUserId: { type: 'string', required: true, readOnly: true },
    resellerUserId: { type: 'string', required: true, readOnly: true },
    relatedItem: relatedItemAttribute,
    lastSeq: { type: 'number', required: true },
    lastMessage: lastMessageAttribute,
    ...timestampAttributes,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['conversationId'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type ConversationItem = EntityItem<typeof conversationEntity>;
