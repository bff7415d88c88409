import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { flagConfigView, userFeatureAccessView } from '@sneakers/shared/views/feature-access-view';
import { flagConfigEntity } from '../../src/flags/flag-config-entity';
import { userFeatureAccessEntity } from '../../src/user-access/user-feature-access-entity';

describe('the shared read-only views of the decision documents', () => {
  it('read the rows this service owns exactly as they are written, both ways', () => {
    expect(viewDrift(flagConfigView, flagConfigEntity)).toEqual([]);
    expect(viewDrift(userFeatureAccessView, userFeatureAccessEntity)).toEqual([]);
    // The views declare every attribute the owner writes: enforcement reads whole documents.
    expect(viewDrift(flagConfigEntity, flagConfigView)).toEqual([]);
    expect(viewDrift(userFeatureAccessEntity, userFeatureAccessView)).toEqual([]);
  });

  it('notices a drift', () => {
    const drifted = {
      schema: {
        ...flagConfigView.schema,
        attributes: {
          ...flagConfigView.schema.attributes,
          revision: { type: 'string' },
          etag: { type: 'string' },
        },
      },
    };
    expect(viewDrift(drifted, flagConfigEntity)).toEqual([
      expect.stringContaining('revision'),
      'etag: not an attribute of the owner',
    ]);
  });
});
