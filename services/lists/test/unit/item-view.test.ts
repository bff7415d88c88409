import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { itemView } from '@sneakers/shared/views/item-view';
import { itemEntity } from '@sneakers/shared/stock/item-entity';

describe('the shared read-only item view', () => {
  it('reads the rows this service owns exactly as they are written', () => {
    expect(viewDrift(itemView, itemEntity)).toEqual([]);
  });

  it('notices a change of keys', () => {
    const drifted = {
      schema: {
        ...itemView.schema,
        indexes: {
          byOwner: {
            pk: { field: 'pk', composite: ['userId', 'listType'] },
            sk: { field: 'sk', composite: ['id'] },
          },
        },
      },
    };
    expect(viewDrift(drifted, itemEntity)).toEqual([expect.stringContaining('primary key')]);
  });
});
