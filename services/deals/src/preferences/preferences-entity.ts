import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A user's deals preferences, one row (`pk = userId`): the settings of the deals section (daily
 * digest, the fees a deal's margin is net of) and what they hid (single deals and whole
 * partners). One row so the board reads it in the same BatchGetItem as the partners it shows
 * (the board's first page is at most 2 DynamoDB requests). Absent until the user changes
 * something: the defaults are in ./domain.ts.
 */
export const preferencesEntity = new Entity({
  model: { entity: 'dealsPreferences', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    dailyDigest: { type: 'boolean', required: true },
    resaleFeeBasisPoints: { type: 'number', required: true },
    shippingCents: { type: 'number', required: true },
    /** A JSON array of the user's hides (DealHide in shared/src/contracts/deals.ts), newest first. */
    hides: { type: 'string', required: true },
    /** When the last digest email went out (at most one a day). */
    lastDigestAt: { type: 'string' },
    /**
     * Bumped by every write and compared by the next (optimistic concurrency), so two tabs
     * hiding at once cannot lose each other's hide. Absent on a row written before it: 0.
     */
    version: { type: 'number' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export type PreferencesRow = EntityItem<typeof preferencesEntity>;
