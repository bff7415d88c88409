import { IBAN_REVEAL_PURPOSES } from '@sneakers/shared/contracts/providers';
import { idAttribute, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * One reveal of a provider's full IBAN (the audit trail), in the (store, provider)
 * partition (`pk = storeUserId#providerId`, `sk = id`): keyed by the store of the verified
 * token like the provider itself. Ids are ULIDs, so a descending Query is newest first.
 * Never updated, never expired: the trail is kept with the provider's history.
 */
export const ibanRevealEntity = new Entity({
  model: { entity: 'providerIbanReveal', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    providerId: { type: 'string', required: true, readOnly: true },
    id: idAttribute,
    purpose: { type: IBAN_REVEAL_PURPOSES, required: true, readOnly: true },
    revealedByUserId: { type: 'string', required: true, readOnly: true },
    revealedByEmail: { type: 'string', readOnly: true },
    revealedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byProvider: {
      pk: { field: 'pk', composite: ['storeUserId', 'providerId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
