import { Service } from '@sneakers/shared/table/entity';
import { auditEntity, AUDIT_LOG, toAuditEntry } from '@sneakers/shared/audit/audit-entity';
import type { AdminUser } from '@sneakers/shared/contracts/admin';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { queryPage } from '@sneakers/shared/table/paging';
import { orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { AdminRepository, GrantRecord } from '../domain/ports';
import {
  GRANT_KEPT_AFTER_EXPIRY_S,
  impersonationEntity,
  type ImpersonationItem,
} from './impersonation-entity';

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
  'createdAt',
  'isSuperuser',
] as const;

function toUser(row: {
  userId: string;
  businessName: string;
  contactEmail: string;
  role: AdminUser['role'];
  subscriptionPlan: AdminUser['plan'];
  subscriptionStatus: AdminUser['subscriptionStatus'];
  trialEndsAt: string;
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
    createdAt: row.createdAt,
    isSuperuser: row.isSuperuser,
  };
}

const toGrant = (item: ImpersonationItem): GrantRecord => ({
  tokenHash: item.tokenHash,
  id: item.id,
  superuserId: item.superuserId,
  superuserEmail: orNull(item.superuserEmail),
  targetUserId: item.targetUserId,
  targetEmail: orNull(item.targetEmail),
  startedAt: item.startedAt,
  expiresAt: item.expiresAt,
  stoppedAt: orNull(item.stoppedAt),
});

/**
 * Access patterns and transactions: see the service's README. Filtered lists use
 * ElectroDB's `count`: it keeps reading pages until a page of matches (or the end), and
 * the cursor is the last match's key, so a filter never answers an empty page early.
 */
export function createAdminRepository(client: DocumentClient, table: string): AdminRepository {
  const service = new Service(
    { profiles: profileView, grants: impersonationEntity, audit: auditEntity },
    { client, table },
  );
  const { profiles, grants, audit } = service.entities;

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
    async findUserIdsByEmail(fragment, max) {
      const { data } = await profiles.query
        .allProfiles({})
        .where(({ searchEmail }, { contains }) => contains(searchEmail, fragment))
        .go({ order: 'desc', count: max, attributes: ['userId', 'createdAt'] });
      return data.map((row) => row.userId);
    },
    async startImpersonation(grant, entry) {
      const ttl = Math.floor(Date.parse(grant.expiresAt) / 1000) + GRANT_KEPT_AFTER_EXPIRY_S;
      // A token hash colliding with an existing grant (2^-128) fails the create: a bug, not an outcome.
      await transact(() =>
        service.transaction
          .write(({ grants: g, audit: a }) => [
            g.create({ ...withoutNulls(grant), ttl }).commit(),
            a.create(entry).commit(),
          ])
          .go(),
      );
    },
    async findImpersonation(id) {
      const { data } = await grants.query.byId({ id }).go();
      const [item] = data;
      return item ? toGrant(item) : null;
    },
    stopImpersonation: (grant, stoppedAt, entry) =>
      transact(
        () =>
          service.transaction
            .write(({ grants: g, audit: a }) => [
              g
                .patch({ tokenHash: grant.tokenHash })
                .set({ stoppedAt })
                .where(({ stoppedAt: s }, { notExists }) => notExists(s))
                .commit(),
              a.create(entry).commit(),
            ])
            .go(),
        ['alreadyStopped', null],
      ),
    listAudit: ({ action, actor, ...page }) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        ({ cursor, limit }) => {
          const all = audit.query.byTime({ log: AUDIT_LOG });
          const query =
            action || actor
              ? all.where((attr, { eq, contains }) => {
                  const clauses: string[] = [];
                  if (action) clauses.push(eq(attr.action, action));
                  if (actor)
                    clauses.push(
                      `(${[
                        ...actor.userIds.map((id) => eq(attr.actorUserId, id)),
                        contains(attr.actorEmail, actor.email),
                      ].join(' OR ')})`,
                    );
                  return clauses.join(' AND ');
                })
              : all;
          return query.go({ order: 'desc', cursor, limit, count: limit });
        },
        toAuditEntry,
      ),
  };
}
