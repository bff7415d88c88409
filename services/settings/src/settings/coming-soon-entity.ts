import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

export const comingSoonEntity = new Entity({
  model: { entity: 'comingSoonSettings', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    isEnabled: { type: 'boolean', required: true },
    title: { type: 'string', required: true },
    subtitle: { type: 'string', required: true },
    launchDate: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type ComingSoonItem = EntityItem<typeof comingSoonEntity>;
