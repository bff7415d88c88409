import { Service } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { ProfileDirectory, UserSummary } from './ports';

const FIELDS = ['userId', 'businessName', 'contactEmail', 'role', 'subscriptionPlan', 'isSuperuser'] as const;

type ProfileFields = {
  userId: string;
  businessName: string;
  contactEmail: string;
  role: UserSummary['role'];
  subscriptionPlan: UserSummary['plan'];
  isSuperuser: boolean;
};

/** A real mapping: the screens name the profile's `contactEmail` and `subscriptionPlan` `email` and `plan`. */
const toSummary = (p: ProfileFields): UserSummary => ({
  userId: p.userId,
  businessName: p.businessName,
  email: p.contactEmail,
  role: p.role,
  plan: p.subscriptionPlan,
  isSuperuser: p.isSuperuser,
});

/** Profiles through the shared read-only view: GetItem for one, BatchGetItem for a list. */
export function createProfileDirectory(client: DocumentClient, table: string): ProfileDirectory {
  const { profile } = new Service({ profile: profileView }, { client, table }).entities;
  return {
    async get(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: [...FIELDS] });
      return data ? toSummary(data) : null;
    },
    async getMany(userIds) {
      const found = new Map<string, UserSummary>();
      let pending = [...new Set(userIds)].map((userId) => ({ userId }));
      // DynamoDB may leave keys unprocessed under load: ask again for those.
      while (pending.length > 0) {
        const { data, unprocessed } = await profile.get(pending).go({ attributes: [...FIELDS] });
        for (const p of data) found.set(p.userId, toSummary(p));
        pending = unprocessed.map(({ userId }) => ({ userId }));
      }
      return found;
    },
  };
}
