import { Entity } from '../table/entity';
import { LANGUAGES, ROLES, SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from '../contracts/profile-values';
import { CURRENCIES } from '../money';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The one read-only view of the profiles service's `userProfile` row
 * (services/profiles/src/profiles/profile-entity.ts) for every other service: same entity
 * name, version, service and keys, and the fields others read (each declared exactly as
 * the owner declares it). Never written through. `profiles/test/unit/profile-view.test.ts`
 * fails when this drifts from the owner. Read with `attributes` to fetch only what a use
 * case needs.
 */
export const profileView = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    role: { type: ROLES, required: true },
    businessName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    phone: { type: 'string', required: true },
    instagramHandle: { type: 'string' },
    location: { type: 'string', required: true },
    avatarUrl: { type: 'string' },
    currency: { type: CURRENCIES, required: true },
    language: { type: LANGUAGES, required: true },
    publicWtbList: { type: 'boolean', required: true },
    publicWtsList: { type: 'boolean', required: true },
    publicWtcList: { type: 'boolean', required: true },
    // The deals matcher and board (services/deals): who takes part, and whether their
    // inventory does. Required by the owner; optional here so rows others write in tests stay valid.
    publicInventory: { type: 'boolean' },
    profileVisibleInDeals: { type: 'boolean' },
    emailNotifications: { type: 'boolean', required: true },
    mutedEmails: { type: 'list', items: { type: 'string' } },
    subscriptionStatus: { type: SUBSCRIPTION_STATUSES, required: true },
    subscriptionPlan: { type: SUBSCRIPTION_PLANS, required: true },
    isSuperuser: { type: 'boolean', required: true },
    trialEndsAt: { type: 'string', required: true },
    pastDueSince: { type: 'string' },
    /** Set while the account is closing: its public pages read as not found. */
    closingSince: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** Lower-cased business name and contact email: what the admin users search filters on. */
    searchName: { type: 'string', hidden: true },
    searchEmail: { type: 'string', hidden: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
    /** Every profile, newest first (the admin service's users list). */
    allProfiles: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'userId'] },
    },
  },
});
