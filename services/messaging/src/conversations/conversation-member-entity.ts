import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ROLES } from '@sneakers/shared/contracts/profile-values';
import { ownedIndex, ownerAttribute, timestampAttributes } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { lastMessageAttribute, relatedItemAttribute } from './conversation-entity';

/**
 * A participant's inbox row of a conversation (`pk = userId`, `sk = conversationId`): what
 * their list shows and their own unread count. gsi1 (`userId` / `updatedAt#conversationId`)
 * is the list, most recently active first, in one Query; the row's existence is the
 * participant check (anyone else's GetItem finds nothing).
 */
export const conversationMemberEntity = new Entity({
  model: { entity: 'messagingConversationMember', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    conversationId: { type: 'string', required: true, readOnly: true },
    partnerUserId: { type: 'string', required: true, readOnly: true },
    /** The side this member is on (storeUserId or resellerUserId of the conversation). */
    side: { type: ROLES, required: true, readOnly: true },
    relatedItem: relatedItemAttribute,
    lastMessage: lastMessageAttribute,
    unreadCount: { type: 'number', required: true },
    ...timestampAttributes,
  },
  indexes: {
    byMember: ownedIndex('userId', ['conversationId']),
    byActivity: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['updatedAt', 'conversationId'] },
    },
  },
});

export type ConversationMemberItem = EntityItem<typeof conversationMemberEntity>;
