import {
  NEW_STRATEGY_CONFIG,
  type PricingChange,
  type PricingConfig,
  type PricingRun,
  type PricingRunRow,
  type PricingStrategy,
  type UserProfile,
} from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderSignedIn, type Route } from '../../../test/render-app';

export const storeProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  role: 'store',
  isSuperuser: false,
  currency: 'EUR',
  ...overrides,
});

/** Beat the lowest ask by €5, floor cost + 10%: the example strategy, a new strategy's. */
export const beatByFive: PricingConfig = NEW_STRATEGY_CONFIG;

export const strategy = (patch: Partial<PricingStrategy> = {}): PricingStrategy => ({
  id: 's-1',
  name: 'Beat the market',
  selection: { listTypes: ['wts'], brands: ['Nike'], itemIds: [] },
  config: beatByFive,
  target: 'list',
  schedule: 'off',
  nextRunAt: null,
  lastRunAt: null,
  version: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...patch,
});

export const run = ({ counts, ...patch }: Partial<PricingRun> = {}): PricingRun => ({
  id: 'r-1',
  strategyId: 's-1',
  strategyName: 'Beat the market',
  trigger: 'manual',
  status: 'previewed',
  createdBy: 'u-1',
  createdAt: '2026-03-02T10:00:00.000Z',
  appliedAt: null,
  undoneAt: null,
  marketRequests: 3,
  marketPending: 0,
  ...patch,
  counts: { items: 20, changes: 20, warnings: 2, applied: 0, skipped: 0, undone: 0, ...counts },
});

export const row = (n: number, patch: Partial<PricingRunRow> = {}): PricingRunRow => ({
  itemId: `i-${n}`,
  listType: 'wts',
  name: `jordan 1 high ${n}`,
  sku: `dz5485-${n}`,
  brand: 'Jordan',
  sizes: ['EU 42'],
  imageUrl: null,
  currency: 'EUR',
  currentPrice: 22_000,
  newPrice: 20_500,
  changed: true,
  decidedBy: 'rule',
  input: { name: 'lowest_ask', value: 21_000 },
  fees: 0,
  marginAfterFees: 5_500,
  warnings: [],
  marketRefreshedAt: '2026-03-02T09:00:00.000Z',
  state: 'pending',
  skipReason: null,
  ...patch,
});

export const change = (patch: Partial<PricingChange> = {}): PricingChange => ({
  runId: 'r-1',
  strategyId: 's-1',
  strategyName: 'Beat the market',
  trigger: 'manual',
  changedBy: 'u-1',
  before: 22_000,
  after: 20_500,
  currency: 'EUR',
  decidedBy: 'rule',
  input: { name: 'lowest_ask', value: 21_000 },
  at: '2026-03-02T10:05:00.000Z',
  undoneAt: null,
  ...patch,
});

export const errorAnswer = (status: number, code: string) =>
  Response.json({ error: { code, message: code } }, { status });

/** The app at the pricing section, signed in as `profile`; `route` answers the pricing routes. */
export function renderPricing(
  route: Route,
  profile = storeProfile(),
  path = '/dashboard/pricing-strategies',
) {
  return renderSignedIn(path, profile, route);
}

/** The requests `fetchMock` saw to `pathname` with `method`, with their JSON bodies. */
export function calls(fetchMock: { mock: { calls: unknown[][] } }, pathname: string, method = 'GET') {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), init: init as RequestInit | undefined }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      url,
      init,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
}
