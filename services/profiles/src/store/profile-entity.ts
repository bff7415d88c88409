import { Entity, type EntityItem } from 'electrodb';
import {
  LANGUAGES,
  PREFERRED_CONTACTS,
  ROLES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
} from '@sneakers/shared/contracts/profiles';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** One row per user (spec section 3, user_profiles), read with one GetItem by user id. */
export const profileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    role: { type: ROLES, required: true },
    businessName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    phone: { type: 'string', required: true },
    preferredContact: { type: PREFERRED_CONTACTS, required: true },
    instagramHandle: { type: 'string' },
    discord: { type: 'string' },
    location: { type: 'string', required: true },
    avatarUrl: { type: 'string' },
    currency: { type: CURRENCIES, required: true },
    language: { type: LANGUAGES, required: true },
    onboardingCompleted: { type: 'boolean', required: true },
    subscriptionStatus: { type: SUBSCRIPTION_STATUSES, required: true },
    subscriptionPlan: { type: SUBSCRIPTION_PLANS, required: true },
    isSuperuser: { type: 'boolean', required: true },
    trialEndsAt: { type: 'string', required: true },
    publicInventory: { type: 'boolean', required: true },
    profileVisibleInDeals: { type: 'boolean', required: true },
    publicWtbList: { type: 'boolean', required: true },
    publicWtsList: { type: 'boolean', required: true },
    publicWtcList: { type: 'boolean', required: true },
    emailNotifications: { type: 'boolean', required: true },
    pushNotifications: { type: 'boolean', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type ProfileItem = EntityItem<typeof profileEntity>;
