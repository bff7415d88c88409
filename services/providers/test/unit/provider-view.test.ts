import { describe, expect, it } from 'vitest';
import { providerView } from '@sneakers/shared/views/provider-view';
import { viewDrift } from '@sneakers/shared/views/drift';
import { providerEntity } from '../../src/providers/provider-entity';

describe('the shared read-only provider view', () => {
  it('reads the rows this service owns exactly as they are written', () => {
    expect(viewDrift(providerView, providerEntity)).toEqual([]);
  });

  it('notices a change of the primary key', () => {
    const drifted = {
      schema: {
        ...providerView.schema,
        indexes: {
          byStore: {
            pk: { field: 'pk', composite: ['storeUserId', 'id'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
    };
    expect(viewDrift(drifted, providerEntity)).toEqual([expect.stringContaining('primary key')]);
  });

  it('notices an attribute the owner does not have or declares differently', () => {
    const drifted = {
      schema: {
        ...providerView.schema,
        attributes: {
          ...providerView.schema.attributes,
          status: { type: ['active'] },
          balance: { type: 'number' },
        },
      },
    };
    expect(viewDrift(drifted, providerEntity)).toEqual([
      expect.stringContaining('status'),
      'balance: not an attribute of the owner',
    ]);
  });
});
