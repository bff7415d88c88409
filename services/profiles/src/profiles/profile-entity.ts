import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import {
  LANGUAGES,
  PREFERRED_CONTACTS,
  ROLES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
} from '@sneakers/shared/contracts/profiles';
import {
  currencyAttribute,
  idAttribute,
  ownedIndex,
  ownerAttribute,
  timestampAttributes,
} from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** Lower-cased copies for the admin users search (a DynamoDB filter cannot ignore case). */
const lowered = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);

/**
 * One row per user (user_profiles, docs/product/profile-and-settings.md#profile-record), read
 * with one GetItem by user id.
 * `allProfiles` (gsi2, one partition, createdAt then userId) is every profile newest first,
 * for the admin service's users list; `searchName`/`searchEmail` are what its search
 * filters on. Each watches only its own source, so a patch of one field never blanks the
 * other, and both are hidden: no read of the profile returns them.
 */
export const profileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    id: idAttribute,
    role: { type: ROLES, required: true },
    businessName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    phone: { type: 'string', required: true },
    preferredContact: { type: PREFERRED_CONTACTS, required: true },
    instagramHandle: { type: 'string' },
    discord: { type: 'string' },
    location: { type: 'string', required: true },
    avatarUrl: { type: 'string' },
    currency: currencyAttribute,
    language: { type: LANGUAGES, required: true },
    onboardingCompleted: { type: 'boolean', required: true },
    subscriptionStatus: { type: SUBSCRIPTION_STATUSES, required: true },
    subscriptionPlan: { type: SUBSCRIPTION_PLANS, required: true },
    isSuperuser: { type: 'boolean', required: true },
    trialEndsAt: { type: 'string', required: true },
    /**
     * The first failed payment of a past-due spell (ISO 8601), absent otherwise. Like the
     * status, plan and trial end, written by the billing service from the provider's
     * webhooks (shared/src/billing/profile-subscription.ts) once the profile exists.
     */
    pastDueSince: { type: 'string' },
    /**
     * Set while the account is closing (docs/product/accounts.md#closing-the-account): its
     * public lists and storefront read as not found until the closure is cancelled or done.
     */
    closingSince: { type: 'string' },
    publicInventory: { type: 'boolean', required: true },
    profileVisibleInDeals: { type: 'boolean', required: true },
    publicWtbList: { type: 'boolean', required: true },
    publicWtsList: { type: 'boolean', required: true },
    publicWtcList: { type: 'boolean', required: true },
    emailNotifications: { type: 'boolean', required: true },
    /** The EMAIL_KINDS turned off one by one; absent on rows from before they existed (none muted). */
    mutedEmails: { type: 'list', items: { type: 'string' } },
    pushNotifications: { type: 'boolean', required: true },
    ...timestampAttributes,
    searchName: {
      type: 'string',
      hidden: true,
      watch: ['businessName'],
      set: (_, { businessName }) => lowered(businessName),
    },
    searchEmail: {
      type: 'string',
      hidden: true,
      watch: ['contactEmail'],
      set: (_, { contactEmail }) => lowered(contactEmail),
    },
  },
  indexes: {
    byUser: ownedIndex('userId', []),
    allProfiles: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'userId'] },
    },
  },
});

export type ProfileItem = EntityItem<typeof profileEntity>;
