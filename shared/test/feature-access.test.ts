import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ADMIN_FEATURES,
  DECISION_STEPS,
  STARTUP_GATE_FLAG,
  canOpenSection,
  decideFeature,
  featureChecker,
  featuresGating,
  rolloutBucket,
  type FeatureAccessData,
  type FeatureDecision,
  type FeatureSubject,
  type FlagRecord,
} from '../src/rules/feature-access';

/**
 * The decision order (docs/product/feature-flags-and-access.md#decision-order), one row per step and per boundary of each step,
 * then the rollout's properties: sticky, stable, uniform, and the documented hash.
 */
const NOW = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const FEATURE = 'api-playground';

const flag = (over: Partial<FlagRecord> = {}): FlagRecord => ({
  name: FEATURE,
  isEnabled: true,
  targetUserTypes: ['store'],
  rolloutPercentage: 100,
  gates: [],
  ...over,
});
const data = (over: Partial<FeatureAccessData> = {}): FeatureAccessData => ({
  flags: [flag()],
  rules: [],
  grants: {},
  overrides: [],
  ...over,
});
const store: FeatureSubject = { userId: 'user-1', role: 'store', plan: 'standard', isSuperuser: false };
const reseller: FeatureSubject = { ...store, role: 'reseller' };
const superuser: FeatureSubject = { ...store, isSuperuser: true };

/** A user id whose bucket for FEATURE is exactly `bucket` (found by search, deterministic). */
function userInBucket(bucket: number, feature = FEATURE): string {
  for (let i = 0; ; i++) if (rolloutBucket(feature, `user-${i}`) === bucket) return `user-${i}`;
}
const b0 = userInBucket(0);
const b49 = userInBucket(49);
const b50 = userInBucket(50);
const b99 = userInBucket(99);

interface Row {
  name: string;
  subject: FeatureSubject | null;
  data: FeatureAccessData;
  localBypass?: boolean;
  feature?: string;
  expected: FeatureDecision;
}

const everything = data({
  flags: [flag({ isEnabled: false, targetUserTypes: [], rolloutPercentage: 0 })],
  rules: [{ id: 'r1', feature: FEATURE, role: 'store', plan: 'standard', granted: false }],
  grants: { [FEATURE]: false },
  overrides: [{ feature: FEATURE, enabled: false, expiresAt: null }],
});

const TABLE: Row[] = [
  // 1. Local bypass: before anything, even without a user.
  {
    name: 'local bypass grants with no user at all',
    subject: null,
    data: data({ flags: [] }),
    localBypass: true,
    expected: { allowed: true, step: 'local-bypass' },
  },
  {
    name: 'local bypass wins over every denial below it',
    subject: store,
    data: everything,
    localBypass: true,
    expected: { allowed: true, step: 'local-bypass' },
  },
  {
    name: 'local bypass off (false) changes nothing',
    subject: null,
    data: data(),
    localBypass: false,
    expected: { allowed: false, step: 'no-user' },
  },
  // 2. No user or profile denies.
  { name: 'no subject denies', subject: null, data: data(), expected: { allowed: false, step: 'no-user' } },
  // 3. Superuser grants.
  {
    name: 'a superuser has every feature, against every denial',
    subject: superuser,
    data: everything,
    expected: { allowed: true, step: 'superuser' },
  },
  {
    name: 'a superuser has even a feature no flag names',
    subject: superuser,
    data: data({ flags: [] }),
    feature: 'no-such-flag',
    expected: { allowed: true, step: 'superuser' },
  },
  // 4. An unexpired developer override decides.
  {
    name: 'an override without expiry enables a disabled flag',
    subject: store,
    data: data({
      flags: [flag({ isEnabled: false })],
      overrides: [{ feature: FEATURE, enabled: true, expiresAt: null }],
    }),
    expected: { allowed: true, step: 'override' },
  },
  {
    name: 'an override denies a flag at 100%',
    subject: store,
    data: data({ overrides: [{ feature: FEATURE, enabled: false, expiresAt: at(60_000) }] }),
    expected: { allowed: false, step: 'override' },
  },
  {
    name: 'an override still decides 1 ms before it expires',
    subject: store,
    data: data({ overrides: [{ feature: FEATURE, enabled: false, expiresAt: at(1) }] }),
    expected: { allowed: false, step: 'override' },
  },
  {
    name: 'an override expiring exactly now no longer decides',
    subject: store,
    data: data({ overrides: [{ feature: FEATURE, enabled: false, expiresAt: at(0) }] }),
    expected: { allowed: true, step: 'rollout' },
  },
  {
    name: 'an expired override is skipped',
    subject: store,
    data: data({ overrides: [{ feature: FEATURE, enabled: false, expiresAt: at(-1) }] }),
    expected: { allowed: true, step: 'rollout' },
  },
  {
    name: 'an override of another feature is skipped',
    subject: store,
    data: data({ overrides: [{ feature: 'other', enabled: false, expiresAt: null }] }),
    expected: { allowed: true, step: 'rollout' },
  },
  {
    name: 'an override decides before a rule',
    subject: store,
    data: data({
      rules: [{ id: 'r1', feature: FEATURE, role: 'store', plan: 'standard', granted: false }],
      overrides: [{ feature: FEATURE, enabled: true, expiresAt: null }],
    }),
    expected: { allowed: true, step: 'override' },
  },
  // 5. A rule matching feature, role and plan decides.
  {
    name: 'a matching rule grants a feature no flag names',
    subject: store,
    data: data({
      flags: [],
      rules: [{ id: 'r1', feature: 'full_access', role: 'store', plan: 'standard', granted: true }],
    }),
    feature: 'full_access',
    expected: { allowed: true, step: 'rule' },
  },
  {
    name: 'a matching rule denies a flag at 100%',
    subject: store,
    data: data({ rules: [{ id: 'r1', feature: FEATURE, role: 'store', plan: 'standard', granted: false }] }),
    expected: { allowed: false, step: 'rule' },
  },
  {
    name: 'a rule for another role does not match',
    subject: store,
    data: data({
      rules: [{ id: 'r1', feature: FEATURE, role: 'reseller', plan: 'standard', granted: false }],
    }),
    expected: { allowed: true, step: 'rollout' },
  },
  {
    name: 'a rule for another plan does not match',
    subject: store,
    data: data({ rules: [{ id: 'r1', feature: FEATURE, role: 'store', plan: 'trial', granted: false }] }),
    expected: { allowed: true, step: 'rollout' },
  },
  {
    name: 'a rule for another feature does not match',
    subject: store,
    data: data({ rules: [{ id: 'r1', feature: 'other', role: 'store', plan: 'standard', granted: false }] }),
    expected: { allowed: true, step: 'rollout' },
  },
  {
    name: 'a rule decides before the flag is looked at (disabled flag, rule grants)',
    subject: store,
    data: data({
      flags: [flag({ isEnabled: false })],
      rules: [{ id: 'r1', feature: FEATURE, role: 'store', plan: 'standard', granted: true }],
    }),
    expected: { allowed: true, step: 'rule' },
  },
  // 6. The flag must exist and be enabled.
  {
    name: 'a missing flag denies',
    subject: store,
    data: data({ flags: [flag({ name: 'other' })] }),
    expected: { allowed: false, step: 'flag-missing' },
  },
  {
    name: 'a disabled flag denies, even with a grant',
    subject: store,
    data: data({ flags: [flag({ isEnabled: false })], grants: { [FEATURE]: true } }),
    expected: { allowed: false, step: 'flag-disabled' },
  },
  // 7. An explicit per-user grant or denial decides.
  {
    name: 'a grant allows outside the target types and at rollout 0',
    subject: reseller,
    data: data({ flags: [flag({ rolloutPercentage: 0 })], grants: { [FEATURE]: true } }),
    expected: { allowed: true, step: 'user-grant' },
  },
  {
    name: 'a denial refuses at rollout 100',
    subject: store,
    data: data({ grants: { [FEATURE]: false } }),
    expected: { allowed: false, step: 'user-denial' },
  },
  {
    name: 'a grant of another feature does not decide',
    subject: store,
    data: data({ flags: [flag({ rolloutPercentage: 0 })], grants: { other: true } }),
    expected: { allowed: false, step: 'rollout' },
  },
  // 8. The user's role must be in the flag's target types.
  {
    name: 'a role outside the target types is refused at 100%',
    subject: reseller,
    data: data(),
    expected: { allowed: false, step: 'target-type' },
  },
  {
    name: 'no target types refuses every role',
    subject: store,
    data: data({ flags: [flag({ targetUserTypes: [] })] }),
    expected: { allowed: false, step: 'target-type' },
  },
  {
    name: 'both target types admit a reseller',
    subject: reseller,
    data: data({ flags: [flag({ targetUserTypes: ['store', 'reseller'] })] }),
    expected: { allowed: true, step: 'rollout' },
  },
  // 9. Rollout: 100 allows, 0 denies, otherwise bucket < percentage.
  {
    name: 'rollout 100 allows the highest bucket',
    subject: { ...store, userId: b99 },
    data: data({ flags: [flag({ rolloutPercentage: 100 })] }),
    expected: { allowed: true, step: 'rollout' },
  },
  {
    name: 'rollout 0 denies the lowest bucket',
    subject: { ...store, userId: b0 },
    data: data({ flags: [flag({ rolloutPercentage: 0 })] }),
    expected: { allowed: false, step: 'rollout' },
  },
  {
    name: 'rollout 1 allows bucket 0',
    subject: { ...store, userId: b0 },
    data: data({ flags: [flag({ rolloutPercentage: 1 })] }),
    expected: { allowed: true, step: 'rollout', bucket: 0 },
  },
  {
    name: 'rollout 50 allows bucket 49 (just below)',
    subject: { ...store, userId: b49 },
    data: data({ flags: [flag({ rolloutPercentage: 50 })] }),
    expected: { allowed: true, step: 'rollout', bucket: 49 },
  },
  {
    name: 'rollout 50 refuses bucket 50 (the edge)',
    subject: { ...store, userId: b50 },
    data: data({ flags: [flag({ rolloutPercentage: 50 })] }),
    expected: { allowed: false, step: 'rollout', bucket: 50 },
  },
  {
    name: 'rollout 99 refuses bucket 99',
    subject: { ...store, userId: b99 },
    data: data({ flags: [flag({ rolloutPercentage: 99 })] }),
    expected: { allowed: false, step: 'rollout', bucket: 99 },
  },
];

describe('decideFeature follows the decision order, step by step', () => {
  it.each(TABLE)('$name', (row) => {
    const options = { now: NOW, ...(row.localBypass === undefined ? {} : { localBypass: row.localBypass }) };
    expect(decideFeature(row.feature ?? FEATURE, row.subject, row.data, options)).toEqual(row.expected);
  });

  it('covers every step of the order in the table', () => {
    const covered = new Set(TABLE.map((row) => row.expected.step));
    expect(DECISION_STEPS.filter((step) => !covered.has(step))).toEqual([]);
  });

  it('answers the same through featureChecker', () => {
    for (const row of TABLE) {
      const options = { now: NOW, localBypass: row.localBypass ?? false };
      expect(featureChecker(row.subject, row.data, options)(row.feature ?? FEATURE)).toBe(
        row.expected.allowed,
      );
    }
  });
});

describe('sections a flag gates', () => {
  const gating = data({
    flags: [
      flag({ name: 'crm-beta', gates: ['clients', 'bookings'], rolloutPercentage: 0 }),
      flag({ name: 'crm-extra', gates: ['clients'], rolloutPercentage: 100 }),
    ],
  });

  it('lists every flag gating a section, and none for an ungated one', () => {
    expect(featuresGating('clients', gating.flags)).toEqual(['crm-beta', 'crm-extra']);
    expect(featuresGating('offers', gating.flags)).toEqual([]);
  });

  it('opens a section only when every flag gating it allows the user', () => {
    const options = { now: NOW };
    expect(canOpenSection('offers', store, gating, options)).toBe(true);
    expect(canOpenSection('clients', store, gating, options)).toBe(false);
    expect(canOpenSection('clients', store, { ...gating, grants: { 'crm-beta': true } }, options)).toBe(true);
    expect(canOpenSection('clients', superuser, gating, options)).toBe(true);
    expect(canOpenSection('clients', null, gating, options)).toBe(false);
  });

  it('names the start-up gate and the administration features as the product reference does', () => {
    expect(STARTUP_GATE_FLAG).toBe('startup-gate');
    expect([...ADMIN_FEATURES]).toEqual(['feature-flags', 'full_access', 'admin_panel']);
  });
});

/**
 * An independent 32-bit FNV-1a (BigInt arithmetic, not Math.imul) over UTF-16 code units:
 * the documented hash, checked against the published test vectors first.
 */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x01000193n) % 0x1_0000_0000n;
  }
  return Number(hash);
}

describe('the rollout bucket: 32-bit FNV-1a of "feature:userId", modulo 100', () => {
  it('uses a reference FNV-1a that matches the published vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('is that hash of feature, ":" and user id, modulo 100 (known vectors)', () => {
    // FNV-1a("foo:bar") = 0xb7264ca8 = 3072740520, so the bucket is 20.
    expect(fnv1a32('foo:bar')).toBe(0xb7264ca8);
    expect(rolloutBucket('foo', 'bar')).toBe(20);
    expect([
      rolloutBucket('api-playground', 'user-1'),
      rolloutBucket('stockx_api_integration', 'user-1'),
      rolloutBucket('api-playground', '0d7f0a7e-58a2-4d35-9d6c-4f6f2a0f9a11'),
    ]).toEqual([86, 40, 44]);
    fc.assert(
      fc.property(fc.string(), fc.string(), (feature, userId) => {
        expect(rolloutBucket(feature, userId)).toBe(fnv1a32(`${feature}:${userId}`) % 100);
      }),
    );
  });

  it('is stable and always in 0..99', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ unit: 'grapheme' }), (feature, userId) => {
        const bucket = rolloutBucket(feature, userId);
        expect(Number.isInteger(bucket) && bucket >= 0 && bucket <= 99).toBe(true);
        expect(rolloutBucket(feature, userId)).toBe(bucket);
      }),
    );
  });

  it('salts by the feature: the same user lands in different buckets for different flags', () => {
    const buckets = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((f) => rolloutBucket(f, 'user-1')));
    expect(buckets.size).toBeGreaterThan(1);
  });

  it('spreads 10,000 ids roughly evenly: each bucket within ±40% of 100', () => {
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const bucket = rolloutBucket(FEATURE, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    expect(counts.filter((c) => c < 60 || c > 140)).toEqual([]);
  });
});

describe('sticky rollouts', () => {
  const allowedAt = (percentage: number, userId: string) =>
    decideFeature(FEATURE, { ...store, userId }, data({ flags: [flag({ rolloutPercentage: percentage })] }), {
      now: NOW,
    }).allowed;
  const percentages = fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }));

  it('raising the percentage never removes anyone: allowed at p implies allowed at q ≥ p', () => {
    fc.assert(
      fc.property(percentages, fc.uuid(), ([a, b], userId) => {
        const [p, q] = a <= b ? [a, b] : [b, a];
        if (allowedAt(p, userId)) expect(allowedAt(q, userId)).toBe(true);
      }),
    );
  });

  it('lowering it removes the highest buckets first', () => {
    fc.assert(
      fc.property(percentages, fc.uuid(), fc.uuid(), ([a, b], userA, userB) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const lost = (id: string) => allowedAt(high, id) && !allowedAt(low, id);
        const kept = (id: string) => allowedAt(high, id) && allowedAt(low, id);
        // Whoever lost the feature sits in a higher bucket than whoever kept it.
        if (lost(userA) && kept(userB))
          expect(rolloutBucket(FEATURE, userA)).toBeGreaterThan(rolloutBucket(FEATURE, userB));
        if (lost(userA)) expect(rolloutBucket(FEATURE, userA)).toBeGreaterThanOrEqual(low);
      }),
    );
  });
});
