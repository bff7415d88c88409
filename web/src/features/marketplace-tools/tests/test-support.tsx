import type { ImportJob, ReleaseItem, ScraperResult, UserProfile } from '@sneakers/shared';
import type { FeatureAccessData, FlagRecord } from '@sneakers/shared/rules/feature-access';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';

export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return { ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')), userId: 'u-1', ...overrides };
}

/** A flag every store user has (rollout 100). */
export function openFlag(name: string): FlagRecord {
  return { name, isEnabled: true, targetUserTypes: ['store', 'reseller'], rolloutPercentage: 100, gates: [] };
}

/** The flags.me answer for `profile` with these flags. */
export function accessFor(profile: UserProfile, flags: FlagRecord[] = []) {
  const data: FeatureAccessData = { flags, rules: [], grants: {}, overrides: [] };
  return {
    subject: {
      userId: profile.userId,
      role: profile.role,
      plan: profile.subscriptionPlan,
      isSuperuser: profile.isSuperuser,
    },
    data,
    startupGate: false,
  };
}

/** The app at `path` signed in as `profile` (null: signed out); `route` answers the rest. */
export function renderTool(
  path: string,
  route: Route,
  profile: UserProfile | null,
  flags: FlagRecord[] = [],
) {
  return renderApp(
    path,
    (url, init) => {
      if (profile && url.pathname === '/api/profile') return Response.json({ profile });
      if (profile && url.pathname === '/api/feature-access/me')
        return Response.json(accessFor(profile, flags));
      if (!profile && url.pathname === '/api/feature-access/startup-gate')
        return Response.json({ startupGate: false });
      return route(url, init);
    },
    profile
      ? { status: 'signed-in', userId: profile.userId, email: profile.contactEmail }
      : { status: 'signed-out' },
  );
}

export const refusal = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** Requests `fetchMock` saw to `pathname`, with their JSON bodies. */
export function callsTo(fetchMock: { mock: { calls: unknown[][] } }, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), init: init as RequestInit | undefined }))
    .filter(({ url }) => url.pathname === pathname)
    .map(({ url, init }) => ({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

export function release(
  n: number,
  extra: { sizes?: string[]; variants?: number; price?: number | null } = {},
): ReleaseItem {
  const count = extra.variants ?? 5;
  return {
    product: {
      name: `Air Test ${n}`,
      brand: 'Nike',
      sku: `DD13${String(n).padStart(2, '0')}-100`,
      imageUrl: `http://media.test/images/${n}.svg`,
      colorway: 'White/Black',
      gender: 'men',
      productType: 'sneakers',
      marketplaceSlug: `air-test-${n}`,
    },
    release: {
      releaseDate: '2026-12-05',
      retailPrice: extra.price === undefined ? 12999 : extra.price,
      status: 'upcoming',
    },
    sizes: extra.sizes ?? ['US 8', 'US 9', 'US 10', 'US 11', 'US 12'],
    variants: Array.from({ length: count }, (_, i) => ({
      variantLabel: `us m ${8 + i}`,
      retailPrice: 12999,
      releaseDate: '2026-12-05',
      sizeData: {
        usM: String(8 + i),
        eu: i === 1 ? null : String(41 + i),
        usW: String(9.5 + i),
        uk: String(7 + i),
        jpCm: i === 1 ? null : String(26 + i),
      },
    })),
  };
}

export function scraperResult(
  extra: Partial<ScraperResult> = {},
  releases: ReleaseItem[] = [release(1), release(2)],
): ScraperResult {
  return {
    success: true,
    error: null,
    errorCount: 2,
    savedToDatabase: false,
    scrapedData: { totalFound: releases.length + 2, processed: releases.length, releases },
    processedCount: null,
    ranAt: '2026-11-23T10:00:00Z',
    ...extra,
  };
}

export function importJob(extra: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'imp-1',
    mode: 'brand',
    value: 'Nike',
    status: 'running',
    nextPage: 1,
    totalPages: null,
    totalProducts: null,
    pagesDone: 0,
    newCount: 0,
    updatedCount: 0,
    failedCount: 0,
    lastError: null,
    createdAt: '2026-11-23T10:00:00Z',
    updatedAt: '2026-11-23T10:00:00Z',
    ...extra,
  };
}
