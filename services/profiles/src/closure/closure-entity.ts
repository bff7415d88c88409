import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A pending account closure (docs/product/accounts.md#closing-the-account), one per user
 * (`pk = userId`). The deletion sweep finds the due ones on gsi1 (`gsi1pk` constant, sorted by
 * `deleteAfter`). It keeps what the deletion needs once the profile is gone (the Cognito
 * username, the address and language of the final email) and the steps already done, so a
 * sweep that crashes midway continues where it stopped.
 */
export const closureEntity = new Entity({
  model: { entity: 'accountClosure', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    username: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    language: { type: ['en', 'es'] as const, required: true },
    businessName: { type: 'string', required: true },
    requestedAt: { type: 'string', required: true },
    deleteAfter: { type: 'string', required: true },
    /** The deletion's steps done so far (ERASE_SERVICES, 'avatar', 'cognito'). */
    done: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
    due: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['deleteAfter', 'userId'] },
    },
  },
});

export type ClosureItem = EntityItem<typeof closureEntity>;
