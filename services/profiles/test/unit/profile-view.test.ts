import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { profileSubscription } from '@sneakers/shared/billing/profile-subscription';
import { profileView } from '@sneakers/shared/views/profile-view';
import { profileEntity } from '../../src/profiles/profile-entity';

describe('the shared read-only profile view', () => {
  it('reads the rows this service owns exactly as they are written', () => {
    expect(viewDrift(profileView, profileEntity)).toEqual([]);
  });

  it('lets billing write the subscription fields exactly as the owner declares them', () => {
    expect(viewDrift(profileSubscription, profileEntity)).toEqual([]);
  });

  it('notices a drift', () => {
    const drifted = {
      schema: {
        ...profileView.schema,
        attributes: {
          ...profileView.schema.attributes,
          businessName: { type: 'number' },
          nickname: { type: 'string' },
        },
      },
    };
    expect(viewDrift(drifted, profileEntity)).toEqual([
      expect.stringContaining('businessName'),
      'nickname: not an attribute of the owner',
    ]);
  });
});
