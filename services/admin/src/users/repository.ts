import type { AdminUser } from '@sneakers/shared/contracts/admin';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { batchGetRows } from '@sneakers/shared/table/batch-get';
import { Service } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { UserName, UsersRepository } from './ports';

const DEFAULT_PAGE = 25;

/** The profile fields the users list shows (the profiles service owns the row). */
const USER_ATTRIBUTES = [
  'userId',
  'businessName',
  'contactEmail',
  'role',
  'subscriptionPlan',
  'subscriptionStatus',
  'trialEndsAt',
  'pastDueSince',
  'createdAt',
  'isSuperuser',
] as const;

/** A real mapping: the admin contract names the profile's `contactEmail` and `subscriptionPlan` `email` and `plan`. */
function toUser(row: {
  userId: string;
  businessName: string;
  contactEmail: string;
  role: AdminUser['role'];
  subscriptionPlan: AdminUser['plan'];
  subscriptionStatus: AdminUser['subscriptionStatus'];
  trialEndsAt: string;
  pastDueSince?: string | undefined;
  createdAt: string;
  isSuperuser: boolean;
}): AdminUser {
  return {
    userId: row.userId,
    businessName: row.businessName,
    email: row.contactEmail,
    role: row.role,
    plan: row.subscriptionPlan,
    subscriptionStatus: row.subscriptionStatus,
    trialEndsAt: row.trialEndsAt,
    pastDueSince: row.pastDueSince ?? null,
    createdAt: row.createdAt,
    isSuperuser: row.isSuperuser,
  };
}

/**
 * The profile rows through the shared read-only view: GetItem by user id, and the
 * `allProfiles` index (gsi2) newest first. A filtered list uses `count`: it keeps reading
 * pages until a page of matches (or the end), and the cursor is the last match's key, so a
 * filter never answers an empty page early.
 */
export function createUsersRepository(client: DocumentClient, table: string): UsersRepository {
  const { profiles } = new Service({ profiles: profileView }, { client, table }).entities;

  return {
    listUsers: ({ search, ...page }) =>
      queryPage(
        page,
        { index: 'gsi2', defaultLimit: DEFAULT_PAGE },
        ({ cursor, limit }) => {
          const all = profiles.query.allProfiles({});
          const query = search
            ? all.where(
                ({ searchName, searchEmail }, { contains }) =>
                  `${contains(searchName, search)} OR ${contains(searchEmail, search)}`,
              )
            : all;
          return query.go({ order: 'desc', cursor, limit, count: limit });
        },
        toUser,
      ),
    async getUser(userId) {
      const { data } = await profiles.get({ userId }).go({ attributes: [...USER_ATTRIBUTES] });
      return data ? toUser(data) : null;
    },
    async namesOf(userIds) {
      const keys = [...new Set(userIds)].map((userId) => profileView.key({ userId }));
      const names = new Map<string, UserName>();
      for (const Item of await batchGetRows(client, table, keys)) {
        const { data } = profileView.parse(
          { Item },
          { attributes: ['userId', 'businessName', 'contactEmail'] },
        );
        if (data) names.set(data.userId, { businessName: data.businessName, email: data.contactEmail });
      }
      return names;
    },
    async findUserIdsByEmail(fragment, max) {
      const { data } = await profiles.query
        .allProfiles({})
        .where(({ searchEmail }, { contains }) => contains(searchEmail, fragment))
        .go({ order: 'desc', count: max, attributes: ['userId', 'createdAt'] });
      return data.map((row) => row.userId);
    },
  };
}
