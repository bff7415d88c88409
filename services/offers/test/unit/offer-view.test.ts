import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { anonymousOfferView, offerView } from '@sneakers/shared/views/offer-view';
import { anonymousOfferEntity } from '../../src/anonymous-offers/anonymous-offer-entity';
import { offerEntity } from '../../src/offers/offer-entity';

describe('the shared read-only offer views', () => {
  it('read the signed-in offers this service owns exactly as they are written', () => {
    expect(viewDrift(offerView, offerEntity)).toEqual([]);
  });

  it('read the anonymous offers this service owns exactly as they are written', () => {
    expect(viewDrift(anonymousOfferView, anonymousOfferEntity)).toEqual([]);
  });

  it('notice a status the owner does not store', () => {
    const drifted = {
      schema: {
        ...offerView.schema,
        attributes: {
          ...offerView.schema.attributes,
          status: { type: ['pending', 'accepted'], required: true },
        },
      },
    };
    expect(viewDrift(drifted, offerEntity)).toEqual([expect.stringContaining('status')]);
  });

  it('notice a change of keys', () => {
    const drifted = {
      schema: {
        ...anonymousOfferView.schema,
        indexes: {
          byOwner: {
            pk: { field: 'pk', composite: ['id'] },
            sk: { field: 'sk', composite: ['storeUserId'] },
          },
        },
      },
    };
    expect(viewDrift(drifted, anonymousOfferEntity)).toEqual([expect.stringContaining('primary key')]);
  });
});
