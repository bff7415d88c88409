import { Entity } from 'electrodb';
import { ROLES } from '@sneakers/shared/contracts/profile';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A read-only view of the profiles service's `userProfile` row (see
 * services/profiles/src/store/profile-entity.ts): same entity name, version, service and
 * keys (`pk = $sneakers$userprofile_1#userid_{userId}`, empty sort key), with only the
 * fields the public list needs. Never written from this service. If the profiles entity
 * changes its name, version or keys, this file must follow.
 */
export const ownerProfileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    role: { type: ROLES, required: true },
    businessName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    instagramHandle: { type: 'string' },
    location: { type: 'string', required: true },
    avatarUrl: { type: 'string' },
    publicWtbList: { type: 'boolean', required: true },
    publicWtsList: { type: 'boolean', required: true },
    publicWtcList: { type: 'boolean', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
