import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * Someone the user completed a trade with (`pk = userId`, `sk = partnerUserId`), written in
 * both directions when an offer between them is accepted; the first accepted offer is kept.
 * Its existence is what allows a rating.
 */
export const tradingPartnerEntity = new Entity({
  model: { entity: 'messagingTradingPartner', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    partnerUserId: { type: 'string', required: true, readOnly: true },
    offerId: { type: 'string', required: true, readOnly: true },
    itemName: { type: 'string', required: true, readOnly: true },
    tradedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['partnerUserId'] },
    },
  },
});

export type TradingPartnerRow = EntityItem<typeof tradingPartnerEntity>;
