import * as z from 'zod/mini';
import { MAX_CURSOR_LENGTH, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { recordId, text } from './fields';
import { AUDIT_ACTIONS } from './admin-values';
import { ROLES, SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from './profile-values';

export * from './admin-values';

/**
 * The admin service (docs/product/administration.md): the users list, audited impersonation
 * and the audit log. Superusers only (403 SUPERUSER_REQUIRED; starting an impersonation
 * answers 403 IMPERSONATION_FORBIDDEN 'Only superusers can impersonate other users',
 * docs/product/administration.md#starting).
 */

/** How long an impersonation lasts unless stopped first. */
export const IMPERSONATION_MINUTES = 30;
export const IMPERSONATION_FORBIDDEN_MESSAGE = 'Only superusers can impersonate other users';

export const adminUserSchema = z.object({
  userId: z.string(),
  businessName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  plan: z.enum(SUBSCRIPTION_PLANS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.string(),
  /**
   * The first failed payment of a past-due spell (null otherwise): with trialEndsAt and the
   * status, `subscriptionAccess` (shared/src/rules/subscription.ts) tells whether the account
   * writes and when its grace ends. Always sent; optional for callers built before it.
   */
  pastDueSince: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  isSuperuser: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Newest first; `search` matches business name or email, case-insensitive. */
export const listUsers = defineContract({
  id: 'admin.users.list',
  method: 'GET',
  path: '/api/admin/users',
  auth: 'user',
  superuserOnly: true,
  query: z.object({ ...pageQuery(100), search: z.optional(text(100)) }),
  response: z.object({ users: z.array(adminUserSchema), cursor: z.nullable(z.string()) }),
});

export const impersonationSchema = z.object({
  id: z.string(),
  targetUserId: z.string(),
  targetBusinessName: z.string(),
  targetEmail: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
});
export type Impersonation = z.infer<typeof impersonationSchema>;

/**
 * Starts impersonating: a short-lived grant recorded on the server and bound to this
 * superuser and the target. The answer's `token` goes in the `x-impersonation` header of
 * every call made as the target; only the superuser who started it can use it, until it
 * is stopped or expires.
 */
export const startImpersonation = defineContract({
  id: 'admin.impersonations.start',
  method: 'POST',
  path: '/api/admin/impersonations',
  auth: 'user',
  body: z.strictObject({ targetUserId: recordId }),
  response: z.object({ impersonation: impersonationSchema, token: z.string() }),
});

/** Ends an impersonation; callable by the superuser who started it (with or without its header). */
export const stopImpersonation = defineContract({
  id: 'admin.impersonations.stop',
  method: 'POST',
  path: '/api/admin/impersonations/{impersonationId}/stop',
  auth: 'user',
  params: z.object({ impersonationId: recordId }),
  response: z.object({ stopped: z.literal(true) }),
  // A superuser impersonating a read-only account must still be able to stop (docs/adr/0021).
  subscriptionExempt: true,
});

/**
 * A person an entry names, as the admin reads them: their business name and email from
 * their profile today (the email recorded with the entry when there is no profile left).
 * Both null only for a user with no profile and no recorded email.
 */
export const auditPersonSchema = z.object({
  userId: z.string(),
  businessName: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The real person: the superuser, also while impersonating. */
  actorUserId: z.string(),
  actorEmail: z.nullable(z.string()),
  /** Set while impersonating: whose account the change was made in. */
  impersonatedUserId: z.nullable(z.string()),
  /** What changed: a flag name, `user:feature`, a rule id, a setting, a route id. */
  subject: z.string(),
  /** JSON of the record before and after (null when created or deleted). */
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
  /** Who made the change (the superuser while impersonating). */
  actor: auditPersonSchema,
  /** Whose account it was made in, while impersonating. */
  impersonated: z.nullable(auditPersonSchema),
  /** The user the change is about: the impersonated user, the user of a grant or override. */
  subjectUser: z.nullable(auditPersonSchema),
  /** The subject without its user: a flag name, a rule id, a setting, a route id; null when the user is all of it. */
  subjectName: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first, filterable by action and by the real actor's user id or email. */
export const listAuditLog = defineContract({
  id: 'admin.audit.list',
  method: 'GET',
  path: '/api/admin/audit',
  auth: 'user',
  superuserOnly: true,
  query: z.object({
    ...pageQuery(100),
    action: z.optional(z.enum(AUDIT_ACTIONS)),
    actor: z.optional(text(254)),
  }),
  response: z.object({
    entries: z.array(auditEntrySchema),
    cursor: z.nullable(z.string().check(z.maxLength(MAX_CURSOR_LENGTH))),
  }),
});

export const adminContracts = [listUsers, startImpersonation, stopImpersonation, listAuditLog] as const;
