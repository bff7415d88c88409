import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { EXPORT_LINK_DAYS } from '@sneakers/shared/contracts/migration';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '@sneakers/shared/table/definition';
import { LogsBucket, privateBucketProps } from '../constructs/logs-bucket';
import {
  AVATAR_KEY_PREFIX,
  CATALOG_INDEX_KEY_PREFIX,
  CATALOG_SNAPSHOT_DAYS,
  PRODUCT_IMAGE_KEY_PREFIX,
} from '../settings';

export interface DataStackProps extends StackProps {
  /** Origins allowed to PUT to presigned upload URLs. */
  allowedOrigins: string[];
}

/**
 * The single table (from TABLE_KEYS), the uploads bucket (avatars, product images) and the
 * catalogue search index's snapshot bucket.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  /** Search index snapshots (`catalog-index/*`), written and read by `searchIndex` services only. */
  readonly catalogIndexBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  /**
   * Fixed export name of the uploads bucket's name: the services stack imports it explicitly,
   * so the `avatars/*` object ARN it grants on resolves the same for cdk-nag acknowledgements.
   */
  readonly uploadsBucketExportName: string;
  /** Fixed export name of the catalogue index bucket's name (imported by the services stack). */
  readonly catalogIndexBucketExportName: string;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.logsBucket = new LogsBucket(this, 'AccessLogs').bucket;

    this.uploadsBucket = new s3.Bucket(this, 'Uploads', {
      ...privateBucketProps(this.logsBucket, 'uploads/'),
      removalPolicy: RemovalPolicy.RETAIN,
      cors: [
        {
          // Browsers PUT straight to presigned URLs, then read the object back.
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedOrigins: props.allowedOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Import files (sources, error reports) are working copies: gone a week after the
        // import (docs/product/migration-tools.md#limits).
        { prefix: 'imports/', expiration: Duration.days(7) },
        // Export archives are downloadable for EXPORT_LINK_DAYS; a day later they are gone
        // (docs/product/migration-tools.md#export).
        { prefix: 'exports/', expiration: Duration.days(EXPORT_LINK_DAYS + 1) },
      ],
    });

    // CloudFront (the web stack's `/media/*` behaviour, OAC) reads avatars and product
    // images, nothing else.
    // The distribution's id would make this stack depend on the web stack, which depends on
    // this one, so the statement names this account's distributions instead of one ARN.
    this.uploadsBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsAvatars',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [
          this.uploadsBucket.arnForObjects(`${AVATAR_KEY_PREFIX}*`),
          this.uploadsBucket.arnForObjects(`${PRODUCT_IMAGE_KEY_PREFIX}*`),
        ],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: { 'aws:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );

    // Private, never served: only the catalog Lambda reads and writes it. A snapshot is
    // derived data (the table is the truth), so old ones expire; a container that finds its
    // manifest's snapshot gone rebuilds it from the table and publishes it again.
    this.catalogIndexBucket = new s3.Bucket(this, 'CatalogIndex', {
      ...privateBucketProps(this.logsBucket, 'catalog-index/'),
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        {
          prefix: CATALOG_INDEX_KEY_PREFIX,
          expiration: Duration.days(CATALOG_SNAPSHOT_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
    this.catalogIndexBucketExportName = `${this.stackName}-CatalogIndexBucketName`;
    new CfnOutput(this, 'CatalogIndexBucketName', {
      value: this.catalogIndexBucket.bucketName,
      exportName: this.catalogIndexBucketExportName,
    });

    this.uploadsBucketExportName = `${this.stackName}-UploadsBucketName`;
    new CfnOutput(this, 'UploadsBucketName', {
      value: this.uploadsBucket.bucketName,
      exportName: this.uploadsBucketExportName,
    });
  }
}
