import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

export const signupEntity = new Entity({
  model: { entity: 'signupSettings', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    isEnabled: { type: 'boolean', required: true },
    subtitle: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type SignupItem = EntityItem<typeof signupEntity>;
