import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { SCHEDULE_DETAIL_TYPE } from '@sneakers/shared/runtime/lambda-handler';
import { streamEventsOf, type StreamHandler } from '@sneakers/shared/runtime/function';
import { dispatcherRules, streamTargetsOf } from '@sneakers/shared/runtime/stream-fanout';
import type { FunctionManifest } from '../../../services/registry';
import { DeadLetterQueue } from '../constructs/secure-queue';
import { pascal } from '../naming';
import { acknowledge } from '../nag';
import type { ServicesStack } from './services-stack';

/** Source of the fixed input scheduled rules send (lambda-handler.ts dispatches on its detail-type). */
export const SCHEDULE_SOURCE = 'sneakers.scheduler';

/** EventBridge → Lambda delivery: retried for up to a day before the event is parked. */
export const EVENT_RETRY = { retryAttempts: 185, maxEventAge: Duration.hours(24) } as const;

/** The outbox stream's batch settings (docs/architecture.md#transactional-outbox). */
export const STREAM_SETTINGS = {
  batchSize: 10,
  retryAttempts: 10,
  maxRecordAge: Duration.hours(24),
} as const;

export interface EventsStackProps extends StackProps {
  services: readonly FunctionManifest[];
  functions: ServicesStack;
  table: dynamodb.ITable;
  eventBusName: string;
}

export interface NamedQueue {
  /** `service/consumer`, `service/schedule/id` or `service/stream`. */
  name: string;
  dlq: DeadLetterQueue;
}

/**
 * The custom bus, one rule (+ DLQ) per declared consumer, one scheduled rule per declared
 * schedule, and the table stream's one mapping, to the `table-stream` dispatcher that fans
 * the records out to every service that declares `stream` (docs/adr/0029).
 */
export class EventsStack extends Stack {
  readonly bus: events.EventBus;
  readonly deadLetterQueues: NamedQueue[] = [];

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);

    this.bus = new events.EventBus(this, 'Bus', { eventBusName: props.eventBusName });

    for (const { definition } of props.services) {
      const service = props.functions.fn(definition.name);

      for (const consumer of definition.consumers) {
        if (consumer.detailTypes.length === 0)
          throw new Error(`${definition.name}/${consumer.id} declares no detail-types`);
        const key = `${pascal(definition.name)}${pascal(consumer.id)}`;
        const dlq = this.addDlq(
          `${key}Dlq`,
          `${definition.name}/${consumer.id}`,
          `events for consumer ${definition.name}/${consumer.id}`,
        );
        new events.Rule(this, `${key}Rule`, {
          eventBus: this.bus,
          description: `${definition.name}/${consumer.id}: ${consumer.detailTypes.join(', ')}`,
          eventPattern: { detailType: [...consumer.detailTypes] },
          targets: [
            new targets.LambdaFunction(service.function, { ...EVENT_RETRY, deadLetterQueue: dlq.queue }),
          ],
        });
      }

      for (const schedule of definition.schedules ?? []) {
        const key = `${pascal(definition.name)}Schedule${pascal(schedule.id)}`;
        const dlq = this.addDlq(
          `${key}Dlq`,
          `${definition.name}/schedule/${schedule.id}`,
          `runs of schedule ${definition.name}/${schedule.id}`,
        );
        // Scheduled rules live on the default bus (EventBridge requires it).
        new events.Rule(this, `${key}Rule`, {
          description: `${definition.name}/${schedule.id}: ${schedule.expression}`,
          schedule: events.Schedule.expression(schedule.expression),
          targets: [
            new targets.LambdaFunction(service.function, {
              ...EVENT_RETRY,
              deadLetterQueue: dlq.queue,
              event: events.RuleTargetInput.fromObject({
                'detail-type': SCHEDULE_DETAIL_TYPE,
                source: SCHEDULE_SOURCE,
                detail: { schedule: schedule.id },
              }),
            }),
          ],
        });
      }
    }

    // One reader of the table's stream: AWS advises at most two Lambda readers per shard.
    const streamTargets = streamTargetsOf(props.services.map((s) => s.definition));
    const dispatchers = props.services.filter((s) => s.definition.tableStreamDispatcher);
    if (dispatchers.length > 1)
      throw new Error(
        `Only one function may read the table stream (got ${dispatchers.map((s) => s.definition.name).join(', ')})`,
      );
    const dispatcher = dispatchers[0];
    if (streamTargets.length > 0) {
      if (!dispatcher)
        throw new Error(
          `${streamTargets.map((t) => t.name).join(', ')} declare a stream handler but no function is the table stream's dispatcher`,
        );
      const { definition } = dispatcher;
      if (definition.stream)
        throw new Error(`${definition.name} cannot both dispatch the stream and read it`);
      const service = props.functions.fn(definition.name);
      this.addStream(
        definition.name,
        dispatcherRules(streamTargets),
        service.function,
        service.role,
        props.table,
      );
    }
  }

  private addDlq(id: string, name: string, what: string): DeadLetterQueue {
    const dlq = new DeadLetterQueue(this, id, { purpose: `failed deliveries of ${what}` });
    this.deadLetterQueues.push({ name, dlq });
    return dlq;
  }

  /**
   * The stream's reader (the dispatcher): the changes some target wants only, partial batch
   * failures, bisect on error, then the record's coordinates go to an SQS queue. Its
   * targets are invoked with the grant services-stack gives it (`FUNCTION_<NAME>`).
   * Its permissions live in this stack (not on the function's default policy) so the
   * services stack never refers back to this one.
   */
  private addStream(
    name: string,
    rules: readonly Pick<StreamHandler, 'entities' | 'events'>[],
    fn: lambda.IFunction,
    role: iam.IRole,
    table: dynamodb.ITable,
  ) {
    if (!table.tableStreamArn) throw new Error('The table has no stream');
    if (rules.some((rule) => rule.entities.length === 0))
      throw new Error(`a stream target of ${name} declares no entities`);
    const key = pascal(name);
    const dlq = this.addDlq(`${key}StreamFailures`, `${name}/stream`, `stream batches for ${name}`);

    const policy = new iam.Policy(this, `${key}StreamPolicy`, {
      roles: [role],
      statements: [
        new iam.PolicyStatement({
          actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          resources: [table.tableStreamArn],
        }),
        new iam.PolicyStatement({ actions: ['dynamodb:ListStreams'], resources: ['*'] }),
        new iam.PolicyStatement({
          actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
          resources: [dlq.queue.queueArn],
        }),
      ],
    });
    acknowledge(
      policy,
      'AwsSolutions-IAM5[Resource::*]',
      'dynamodb:ListStreams has no resource-level permissions; every other stream action is scoped to this table stream.',
    );

    const mapping = new lambda.EventSourceMapping(this, `${key}StreamMapping`, {
      target: fn,
      eventSourceArn: table.tableStreamArn,
      startingPosition: lambda.StartingPosition.TRIM_HORIZON,
      batchSize: STREAM_SETTINGS.batchSize,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: STREAM_SETTINGS.retryAttempts,
      maxRecordAge: STREAM_SETTINGS.maxRecordAge,
      onFailure: { bind: () => ({ destination: dlq.queue.queueArn }) },
      filters: rules.flatMap(streamFilters).map((pattern) => lambda.FilterCriteria.filter(pattern)),
    });
    mapping.node.addDependency(policy);
  }
}

/**
 * The event source filter of the stream's reader (filters are OR-ed): the declared changes
 * named by the entity of the new image, and REMOVEs by the entity of the old image (a
 * REMOVE has no new image). The dispatcher and localstack/src/streams.ts apply the same rule
 * (`streamWants`).
 */
export function streamFilters(stream: Pick<StreamHandler, 'entities' | 'events'>): Record<string, unknown>[] {
  const events = streamEventsOf(stream);
  const withNewImage = events.filter((e) => e !== 'REMOVE');
  const filters: Record<string, unknown>[] = [];
  if (withNewImage.length > 0)
    filters.push({
      eventName: [...withNewImage],
      dynamodb: { NewImage: { __edb_e__: { S: [...stream.entities] } } },
    });
  if (events.includes('REMOVE'))
    filters.push({
      eventName: ['REMOVE'],
      dynamodb: { OldImage: { __edb_e__: { S: [...stream.entities] } } },
    });
  return filters;
}
