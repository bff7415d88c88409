import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_ENTITY } from '@sneakers/shared/table/outbox';
import { SCHEDULE_DETAIL_TYPE } from '@sneakers/shared/runtime/lambda-handler';
import { LEDGER_SOURCE_ENTITIES } from '../../services/commerce/src/published';
import { functions as services } from '../../services/registry';
import { pascal } from '../src/naming';
import { SCHEDULE_SOURCE } from '../src/stacks/events-stack';
import { buildTestApp, fixtureService, resources, SYNTH_TIMEOUT } from './support/build-app';

// A fixture service, passed in as a prop and never added to the registry, brings a
// schedule and a consumer whatever the registry declares.
const scraper = fixtureService({
  name: 'almanac',
  schedules: [{ id: 'scrape-releases', expression: 'rate(6 hours)' }],
  consumers: [{ id: 'reindex-on-offer', detailTypes: ['Offer.Received', 'Offer.Accepted'] }],
});

let registry: Template;
let withFixture: Template;
beforeAll(() => {
  registry = Template.fromStack(buildTestApp().events);
  withFixture = Template.fromStack(buildTestApp({ services: [...services, scraper] }).events);
}, SYNTH_TIMEOUT);

type Rule = {
  Properties: {
    EventPattern?: { 'detail-type': string[] };
    ScheduleExpression?: string;
    EventBusName?: unknown;
    Targets: Record<string, unknown>[];
  };
};

describe('events stack', () => {
  it('creates the custom bus with the fixed name the functions publish to', () => {
    registry.hasResourceProperties('AWS::Events::EventBus', { Name: 'sneaker-crm-prod' });
  });

  it('routes each consumer by detail-type to its service, with retries and its own encrypted DLQ', () => {
    const consumers = services.flatMap(({ definition }) =>
      definition.consumers.map((c) => ({ service: definition.name, ...c })),
    );
    expect(consumers.length).toBeGreaterThan(0);
    const rules = (resources(registry, 'AWS::Events::Rule') as [string, Rule][]).filter(
      ([, r]) => r.Properties.EventPattern,
    );
    expect(rules).toHaveLength(consumers.length);
    for (const consumer of consumers) {
      // Several services may consume one detail-type: the rule is the one that targets this service.
      const rule = rules.find(
        ([, r]) =>
          JSON.stringify(r.Properties.EventPattern?.['detail-type']) ===
            JSON.stringify(consumer.detailTypes) &&
          JSON.stringify(r.Properties.Targets).includes(`${pascal(consumer.service)}Function`),
      );
      expect(rule, consumer.id).toBeDefined();
      const [target] = rule?.[1].Properties.Targets ?? [];
      expect(target).toMatchObject({
        RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86400 },
        DeadLetterConfig: { Arn: expect.anything() },
      });
      expect(JSON.stringify(target)).toContain(`${pascal(consumer.service)}Function`);
      expect(rule?.[1].Properties.EventBusName).toBeDefined();
    }
    // One DLQ per consumer and per schedule, plus the table stream's failure queue.
    const schedules = services.flatMap((s) => s.definition.schedules ?? []).length;
    registry.resourceCountIs('AWS::SQS::Queue', consumers.length + schedules + 1);
    registry.allResourcesProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 1209600,
    });
    for (const [, policy] of resources(registry, 'AWS::SQS::QueuePolicy')) {
      expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('turns a declared schedule into a scheduled rule with the fixed input lambda-handler expects', () => {
    const rules = resources(withFixture, 'AWS::Events::Rule') as [string, Rule][];
    const declared = services.flatMap(({ definition }) => definition.schedules ?? []);
    const scheduled = rules.filter(([, r]) => r.Properties.ScheduleExpression);
    expect(scheduled).toHaveLength(declared.length + 1);
    const [, rule] =
      scheduled.find(([, r]) => JSON.stringify(r.Properties.Targets).includes('AlmanacFunction')) ?? [];
    expect(rule?.Properties.ScheduleExpression).toBe('rate(6 hours)');
    expect(rule?.Properties.EventBusName).toBeUndefined();
    const [target] = rule?.Properties.Targets ?? [];
    expect(JSON.parse(String(target?.Input))).toEqual({
      'detail-type': SCHEDULE_DETAIL_TYPE,
      source: SCHEDULE_SOURCE,
      detail: { schedule: 'scrape-releases' },
    });
    expect(target).toMatchObject({
      RetryPolicy: { MaximumRetryAttempts: 185 },
      DeadLetterConfig: { Arn: expect.anything() },
    });
    expect(JSON.stringify(target)).toContain('AlmanacFunction');
    // The fixture's consumer got its rule too.
    withFixture.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { 'detail-type': ['Offer.Received', 'Offer.Accepted'] },
    });
  });

  it("gives every schedule of the registry (the catalog's release scraper) its rule and target", () => {
    const rules = resources(registry, 'AWS::Events::Rule') as [string, Rule][];
    for (const { definition } of services) {
      for (const schedule of definition.schedules ?? []) {
        const found = rules.find(([, r]) =>
          r.Properties.Targets.some(
            (t) =>
              typeof t.Input === 'string' &&
              (JSON.parse(t.Input) as { detail?: { schedule?: string } }).detail?.schedule === schedule.id,
          ),
        );
        expect(found, `${definition.name}/${schedule.id}`).toBeDefined();
        expect(found?.[1].Properties.ScheduleExpression).toBe(schedule.expression);
        expect(JSON.stringify(found?.[1].Properties.Targets)).toContain(`${pascal(definition.name)}Function`);
      }
    }
  });

  it("gives the table stream one reader, the dispatcher, with the union of its targets' filters (docs/adr/0029)", () => {
    const streamers = services.filter((s) => s.definition.stream);
    expect(streamers.map((s) => s.definition.name).sort()).toEqual([
      'commerce-overview',
      'deals-matcher',
      'outbox',
      'storefront-catalog',
    ]);
    // AWS advises at most two Lambda readers per shard: exactly one mapping on the stream.
    registry.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    registry.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: Match.anyValue(),
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: Match.anyValue(),
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    type Mapping = {
      Properties: { FunctionName: unknown; FilterCriteria: { Filters: { Pattern: string }[] } };
    };
    const [only] = resources(registry, 'AWS::Lambda::EventSourceMapping') as [string, Mapping][];
    if (!only) throw new Error('no event source mapping');
    const [, mapping] = only;
    expect(JSON.stringify(mapping.Properties.FunctionName)).toContain(pascal('table-stream'));
    for (const { definition } of streamers)
      expect(JSON.stringify(mapping.Properties.FunctionName)).not.toContain(
        `"${pascal(definition.name)}Function`,
      );
    const patterns = mapping.Properties.FilterCriteria.Filters.map((f) => JSON.parse(f.Pattern) as unknown);
    // Exactly the changes some target wants: the outbox's INSERTs, the ledger's and the
    // projection's every change (a REMOVE names its entity in the old image).
    const entitiesOf = (name: string) => [
      ...(streamers.find((s) => s.definition.name === name)?.definition.stream?.entities ?? []),
    ];
    const everyChange = [
      ...new Set([
        ...entitiesOf('commerce-overview'),
        ...entitiesOf('storefront-catalog'),
        ...entitiesOf('deals-matcher'),
      ]),
    ];
    expect(entitiesOf('outbox')).toEqual([OUTBOX_ENTITY]);
    for (const entity of LEDGER_SOURCE_ENTITIES) expect(everyChange).toContain(entity);
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: [OUTBOX_ENTITY] } } } },
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { __edb_e__: { S: everyChange } } } },
      { eventName: ['REMOVE'], dynamodb: { OldImage: { __edb_e__: { S: everyChange } } } },
    ]);
    // The stream and failure-queue permissions live here, attached to the dispatcher's role only.
    const streamPolicies = resources(registry, 'AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p).includes('dynamodb:GetRecords'),
    );
    expect(streamPolicies).toHaveLength(1);
    expect(JSON.stringify(streamPolicies[0]?.[1])).toContain(pascal('table-stream'));
    // One failure queue for the stream, not one per target.
    registry.resourceCountIs(
      'AWS::SQS::Queue',
      services.flatMap((s) => s.definition.consumers).length +
        services.flatMap((s) => s.definition.schedules ?? []).length +
        1,
    );
  });
});
