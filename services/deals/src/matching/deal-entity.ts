import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * One user's stored deal (`pk = userId`, `sk = myItemId#theirItemId`): what the board shows
 * of it except what must be fresh (the partner's rating, the caller's fees and hides). The
 * matcher writes both users' rows of a pair; the board reads the caller's with one Query.
 * `mine` and `theirs` are DealSource JSON: only what each owner's public list shows.
 */
export const dealEntity = new Entity({
  model: { entity: 'dealsDeal', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    myItemId: { type: 'string', required: true, readOnly: true },
    theirItemId: { type: 'string', required: true, readOnly: true },
    dealId: { type: 'string', required: true },
    side: { type: ['want', 'have'] as const, required: true },
    partnerId: { type: 'string', required: true },
    mine: { type: 'string', required: true },
    theirs: { type: 'string', required: true },
    /** JSON: [{ mine, theirs }] size labels. */
    sizes: { type: 'string', required: true },
    matchedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['myItemId', 'theirItemId'], casing: 'none' },
    },
  },
});

export type DealItemRow = EntityItem<typeof dealEntity>;
