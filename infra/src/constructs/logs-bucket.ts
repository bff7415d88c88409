import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface LogsBucketProps {
  /** CloudFront standard logging still writes with ACLs: it needs object-writer ownership. */
  allowAcls?: boolean;
}

/** Target of S3 server access logs (and CloudFront logs): private, TLS-only, expiring. */
export class LogsBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: LogsBucketProps = {}) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: props.allowAcls
        ? s3.ObjectOwnership.OBJECT_WRITER
        : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.bucket,
      'AwsSolutions-S1',
      'This is the access-log bucket itself; logging it into itself would loop and a second log bucket adds nothing.',
    );
  }
}

/** A private application bucket: no public access, TLS-only, S3-managed keys, access-logged. */
export function privateBucketProps(logs: s3.IBucket, prefix: string): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: logs,
    serverAccessLogsPrefix: prefix,
  };
}
