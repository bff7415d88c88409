import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { STOREFRONT_LISTS } from '@sneakers/shared/contracts/storefront';

/**
 * A store's storefront set-up, one row in its partition (`pk = storeUserId`, `sk` fixed).
 * Written by the section (../setup); read by the public pages, the projection and checkout.
 * Absent optional attributes stand for null.
 */
export const setupEntity = new Entity({
  model: { entity: 'storefrontSetup', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    enabled: { type: 'boolean', required: true },
    name: { type: 'string', required: true },
    logoUrl: { type: 'string' },
    bannerUrl: { type: 'string' },
    description: { type: 'string', required: true },
    contact: { type: 'string', required: true },
    returnsText: { type: 'string', required: true },
    lists: { type: 'list', items: { type: STOREFRONT_LISTS }, required: true },
    virtualProductIds: { type: 'list', items: { type: 'string' }, required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: { pk: { field: 'pk', composite: ['storeUserId'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type SetupRow = EntityItem<typeof setupEntity>;
