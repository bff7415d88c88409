import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { ServiceFunction } from '../constructs/service-function';
import { pascal } from '../naming';
import type { NamedQueue } from './events-stack';

/** p99 duration above this for three 5-minute periods pages someone. */
export const LATENCY_P99_THRESHOLD = Duration.seconds(3);

export interface ObservabilityStackProps extends StackProps {
  functions: readonly ServiceFunction[];
  httpApi: apigwv2.IHttpApi;
  deadLetterQueues: readonly NamedQueue[];
}

const PERIOD = Duration.minutes(5);

/** One dashboard (a row per service, API 5xx, DLQ depth) and the alarms, to an SNS topic. */
export class ObservabilityStack extends Stack {
  readonly alarmTopic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);

    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `Sneaker CRM alarms (${this.stackName})`,
      masterKey: kms.Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
      enforceSSL: true,
    });
    const action = new actions.SnsAction(this.alarmTopic);
    const alarm = (id: string, p: cloudwatch.AlarmProps) => {
      const a = new cloudwatch.Alarm(this, id, p);
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${this.stackName}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      defaultInterval: Duration.hours(6),
    });

    for (const service of props.functions) {
      const fn = service.function;
      const name = service.label;
      const key = pascal(name);
      const invocations = fn.metricInvocations({ period: PERIOD, statistic: 'Sum' });
      const errors = fn.metricErrors({ period: PERIOD, statistic: 'Sum' });
      const throttles = fn.metricThrottles({ period: PERIOD, statistic: 'Sum' });
      const p99 = fn.metricDuration({ period: PERIOD, statistic: 'p99' });

      alarm(`${key}Errors`, {
        alarmDescription: `${name}: the function threw (HTTP 5xx, failed consumer or stream batch)`,
        metric: errors,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm(`${key}Throttles`, {
        alarmDescription: `${name}: invocations were throttled (account concurrency exhausted)`,
        metric: throttles,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm(`${key}LatencyP99`, {
        alarmDescription: `${name}: p99 duration above ${LATENCY_P99_THRESHOLD.toSeconds()} s`,
        metric: p99,
        threshold: LATENCY_P99_THRESHOLD.toMilliseconds(),
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });

      this.dashboard.addWidgets(
        new cloudwatch.TextWidget({ markdown: `### ${name}`, width: 24, height: 1 }),
        new cloudwatch.GraphWidget({ title: `${name} invocations`, left: [invocations], width: 6 }),
        new cloudwatch.GraphWidget({ title: `${name} errors`, left: [errors], width: 6 }),
        new cloudwatch.GraphWidget({ title: `${name} throttles`, left: [throttles], width: 6 }),
        new cloudwatch.GraphWidget({
          title: `${name} p99 duration (ms)`,
          left: [p99],
          leftAnnotations: [{ value: LATENCY_P99_THRESHOLD.toMilliseconds(), label: 'alarm' }],
          width: 6,
        }),
      );
    }

    const api5xx = props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' });
    alarm('Api5xx', {
      alarmDescription: 'HTTP API answered 5xx',
      metric: api5xx,
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    const depth = props.deadLetterQueues.map(({ name, dlq }) => {
      const visible = dlq.queue.metricApproximateNumberOfMessagesVisible({
        period: PERIOD,
        statistic: 'Maximum',
      });
      alarm(`${pascal(name)}DlqDepth`, {
        alarmDescription: `${name}: messages in the dead-letter queue (${dlq.purpose})`,
        metric: visible,
        threshold: 0,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      return visible.with({ label: name });
    });

    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({ markdown: '### API and dead-letter queues', width: 24, height: 1 }),
      new cloudwatch.GraphWidget({ title: 'HTTP API 5xx', left: [api5xx], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'DLQ depth (messages visible)', left: depth, width: 12 }),
    );
  }
}
