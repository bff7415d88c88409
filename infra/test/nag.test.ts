import { Validations } from 'aws-cdk-lib';
import type { PolicyViolation } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions as services } from '../../services/registry';
import {
  billingFixture,
  buildTestApp,
  fixtureService,
  identityFixtures,
  SYNTH_TIMEOUT,
} from './support/build-app';

const describeViolations = (violations: PolicyViolation[]) =>
  violations
    .map(
      (v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    )
    .join('\n');

function allNodes(root: IConstruct): IConstruct[] {
  return [root, ...root.node.children.flatMap(allNodes)];
}

// The registry as it is, plus a fixture service with a schedule, a consumer and routes,
// so resources the registry does not have yet are checked too.
const fixture = fixtureService({
  name: 'almanac',
  routes: [{ id: 'almanac.search', method: 'GET', path: '/api/almanac/search', auth: 'user' }],
  schedules: [{ id: 'scrape-releases', expression: 'rate(6 hours)' }],
  consumers: [{ id: 'reindex', detailTypes: ['Offer.Received'] }],
  access: { table: 'readWrite', publishesEvents: true },
});

// Identity fixtures: every identity access flag, none, and a PreSignUp trigger (replacing the
// registry's own trigger, if it has one: a pool has one PreSignUp trigger).
const { accounts, ledger, gate } = identityFixtures;
const withoutTrigger = services.filter((s) => !s.definition.cognitoTriggers?.preSignUp);

describe.each([
  { name: 'the registry', list: services },
  {
    name: 'the registry plus scheduled, identity and billing fixture services',
    list: [...withoutTrigger, fixture, accounts, ledger, gate, billingFixture],
  },
])('cdk-nag AwsSolutions on $name', ({ list }) => {
  let crm: ReturnType<typeof buildTestApp>;
  beforeAll(() => {
    // nag: true registers the pack with Validations: synth itself fails on a finding.
    crm = buildTestApp({ services: list, nag: true });
    crm.app.synth();
  }, SYNTH_TIMEOUT);

  it('has no unacknowledged errors or warnings', () => {
    const report = new AwsSolutionsChecks().validateScope(crm.app);
    const errors = report.violations.filter((v) => v.severity === 'error');
    expect(describeViolations(errors)).toBe('');
    expect(describeViolations(report.violations)).toBe('');
    expect(report.success).toBe(true);
  });

  it('gives every acknowledgement a specific reason', () => {
    let count = 0;
    for (const node of allNodes(crm.app)) {
      for (const entry of node.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, value] of Object.entries(
          entry.data as Record<string, { reason?: string } | string>,
        )) {
          const reason = typeof value === 'string' ? value : value.reason;
          expect(reason, `${node.node.path}: ${id}`).toMatch(/\S{3,}.{30,}/);
          count += 1;
        }
      }
    }
    expect(count).toBeGreaterThan(0);
  });
});
