import type { UserProfile } from '@sneakers/shared';
import type { FeatureAccessData } from '@sneakers/shared/rules/feature-access';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp } from '../../../test/render-app';
import type { AuthState } from '../../../lib/session/auth-store';
import { impersonationHeaders, reportApiError } from '../../../lib/impersonation/impersonation-state';

export type TestRoute = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export function testProfile(overrides: Partial<UserProfile>): UserProfile {
  return { ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')), ...overrides };
}

export const NO_FEATURE_DATA: FeatureAccessData = { flags: [], rules: [], grants: {}, overrides: [] };

/** The flags.me answer for `profile` (null: a visitor). */
export function featureAccessFor(
  profile: UserProfile | null,
  options: { startupGate?: boolean; data?: Partial<FeatureAccessData> } = {},
) {
  return {
    subject: profile
      ? {
          userId: profile.userId,
          role: profile.role,
          plan: profile.subscriptionPlan,
          isSuperuser: profile.isSuperuser,
        }
      : null,
    data: { ...NO_FEATURE_DATA, ...options.data },
    startupGate: options.startupGate ?? false,
  };
}

export const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

/** The whole app on a memory router, with the app root's API hooks (impersonation header, error hook). */
export function renderWithRuntime(path: string, route: TestRoute, auth: AuthState) {
  return renderApp(path, route, auth, undefined, { headers: impersonationHeaders, onError: reportApiError });
}
