import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface DeadLetterQueueProps {
  /** What ends up here, for the console and the README. */
  purpose: string;
}

/** A dead-letter queue: SSE-SQS encrypted, TLS-only, 14 days to inspect and redrive. */
export class DeadLetterQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly purpose: string;

  constructor(scope: Construct, id: string, props: DeadLetterQueueProps) {
    super(scope, id);
    this.purpose = props.purpose;
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.queue,
      'AwsSolutions-SQS3',
      `This queue is itself the dead-letter queue (${props.purpose}); it is alarmed on depth instead of having a DLQ of its own.`,
    );
  }
}
