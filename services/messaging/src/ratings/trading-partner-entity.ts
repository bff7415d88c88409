import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * Someone the user completed a trade with (`pk = userId`, `sk = partnerUserId`), written in
 * both directions when an offer between them is accepted; the first accepted offer is kept.
 * Its existence is what allows a rating.
 */
export const tradingPartnerEntity = new Entity({
  model: { entity: 'messagingTradingPartner', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    partnerUserId: { type: 'string', required: true, readOnly: true },
    offerId: { type: 'string', required: true, readOnly: true },
    itemName: { type: 'string', required: true, readOnly: true },
    tradedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: ownedIndex('userId', ['partnerUserId']),
  },
});

export type TradingPartnerItem = EntityItem<typeof tradingPartnerEntity>;
