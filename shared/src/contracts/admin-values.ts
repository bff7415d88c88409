/**
 * The admin constants the HTTP pipeline and the audit entity need, on their own (re-exported
 * by ./admin): importing ./admin would bundle every admin contract into every function.
 */
export const IMPERSONATION_HEADER = 'x-impersonation';

export const AUDIT_ACTIONS = [
  'flag.created',
  'flag.updated',
  'flag.deleted',
  'grant.set',
  'grant.deleted',
  'override.set',
  'override.deleted',
  'rule.created',
  'rule.deleted',
  'settings.comingSoon',
  'settings.signup',
  'impersonation.started',
  'impersonation.stopped',
  'impersonation.write',
  'billing.trialExtended',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
