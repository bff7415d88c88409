import { describe, expect, it } from 'vitest';
import { clientEmailView } from '@sneakers/shared/views/client-email-view';
import { clientView } from '@sneakers/shared/views/client-view';
import { viewDrift } from '@sneakers/shared/views/drift';
import { clientEmailEntity } from '../../src/clients/client-email-entity';
import { clientEntity } from '../../src/clients/client-entity';

describe('the shared read-only client view', () => {
  it('reads the rows this service owns exactly as they are written', () => {
    expect(viewDrift(clientView, clientEntity)).toEqual([]);
    expect(viewDrift(clientEmailView, clientEmailEntity)).toEqual([]);
  });

  it('notices a change of the primary key or its collection', () => {
    const { byClient } = clientView.schema.indexes;
    const drifted = {
      schema: {
        ...clientView.schema,
        indexes: { byClient: { ...byClient, collection: 'storeClients' } },
      },
    };
    expect(viewDrift(drifted, clientEntity)).toEqual([expect.stringContaining('primary key')]);
  });

  it('notices an attribute the owner does not have or declares differently', () => {
    const drifted = {
      schema: {
        ...clientView.schema,
        attributes: {
          ...clientView.schema.attributes,
          address: { type: 'string' },
          phone: { type: 'number' },
        },
      },
    };
    expect(viewDrift(drifted, clientEntity)).toEqual([
      expect.stringContaining('phone'),
      'address: not an attribute of the owner',
    ]);
  });
});
