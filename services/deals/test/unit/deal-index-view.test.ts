import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { dealIndexView } from '@sneakers/shared/views/deal-index-view';
import { dealIndexEntity } from '../../src/matching/index-entity';

describe('the shared read-only deal index view', () => {
  it('reads the index rows this service owns exactly as they are written', () => {
    expect(viewDrift(dealIndexView, dealIndexEntity)).toEqual([]);
  });

  it('notices a drift of the key casing or of an attribute', () => {
    const casing = {
      schema: {
        ...dealIndexView.schema,
        indexes: {
          byPartition: {
            ...dealIndexView.schema.indexes.byPartition,
            pk: { field: 'pk', composite: ['partition'], casing: 'default' },
          },
        },
      },
    };
    expect(viewDrift(casing, dealIndexEntity)).toEqual([expect.stringContaining('primary key')]);
    const attribute = {
      schema: {
        ...dealIndexView.schema,
        attributes: { ...dealIndexView.schema.attributes, source: { type: 'number' } },
      },
    };
    expect(viewDrift(attribute, dealIndexEntity)).toEqual([expect.stringContaining('source')]);
  });
});
