import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions as services } from '../../services/registry';
import type { SneakerCrm } from '../src/app';
import { buildTestApp, resources, SYNTH_TIMEOUT } from './support/build-app';

let crm: SneakerCrm;
let template: Template;
beforeAll(() => {
  crm = buildTestApp();
  template = Template.fromStack(crm.observability);
}, SYNTH_TIMEOUT);

type Alarm = {
  Properties: {
    MetricName: string;
    Namespace: string;
    Threshold: number;
    AlarmActions: unknown[];
    Dimensions?: { Name: string; Value: unknown }[];
    ExtendedStatistic?: string;
  };
};
const alarms = () => resources(template, 'AWS::CloudWatch::Alarm') as [string, Alarm][];

describe('observability stack', () => {
  it('alarms on errors, throttles and p99 latency > 3 s for every service', () => {
    for (const { definition } of services) {
      const mine = alarms().filter(
        ([, a]) =>
          a.Properties.Namespace === 'AWS/Lambda' &&
          JSON.stringify(a.Properties.Dimensions)
            .toLowerCase()
            // Logical ids drop the dash: catalog-search → CatalogSearchFunction….
            .includes(`${definition.name.replace(/[^a-z0-9]/gi, '').toLowerCase()}function`),
      );
      const byMetric = Object.fromEntries(mine.map(([, a]) => [a.Properties.MetricName, a.Properties]));
      expect(Object.keys(byMetric).sort(), definition.name).toEqual(['Duration', 'Errors', 'Throttles']);
      expect(byMetric.Duration).toMatchObject({ ExtendedStatistic: 'p99', Threshold: 3000 });
      for (const alarm of Object.values(byMetric)) expect(alarm.Namespace).toBe('AWS/Lambda');
    }
  });

  it('alarms on any message in every dead-letter queue, and on API 5xx', () => {
    const dlqAlarms = alarms().filter(
      ([, a]) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible',
    );
    expect(dlqAlarms).toHaveLength(crm.events.deadLetterQueues.length);
    for (const [, a] of dlqAlarms)
      expect(a.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    expect(
      alarms().some(
        ([, a]) => a.Properties.MetricName === '5xx' && a.Properties.Namespace === 'AWS/ApiGateway',
      ),
    ).toBe(true);
  });

  it('sends every alarm to an encrypted, TLS-only SNS topic', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    expect(JSON.stringify(template.findResources('AWS::SNS::TopicPolicy'))).toContain(
      '"aws:SecureTransport":"false"',
    );
    for (const [, a] of alarms()) expect(a.Properties.AlarmActions).toHaveLength(1);
  });

  it('draws a dashboard row per service plus API 5xx and DLQ depth', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(resources(template, 'AWS::CloudWatch::Dashboard')[0]?.[1]);
    for (const { definition } of services) {
      for (const widget of ['invocations', 'errors', 'throttles', 'p99 duration'])
        expect(body).toContain(`${definition.name} ${widget}`);
    }
    expect(body).toContain('HTTP API 5xx');
    expect(body).toContain('DLQ depth');
  });
});
