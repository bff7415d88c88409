import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The one conversation of a pair of users about an item (or about nothing): `pk = pairKey`
 * (`pairKey` in rules.ts). Created with attribute_not_exists in the start's transaction, so
 * two concurrent starts make one conversation and the loser reads the winner's.
 */
export const conversationPairEntity = new Entity({
  model: { entity: 'messagingConversationPair', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    pairKey: { type: 'string', required: true, readOnly: true },
    conversationId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byPair: { pk: { field: 'pk', composite: ['pairKey'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type ConversationPairItem = EntityItem<typeof conversationPairEntity>;
