import { Match, Template } from 'aws-cdk-lib/assertions';
import { EXPORT_LINK_DAYS } from '@sneakers/shared/contracts/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS } from '@sneakers/shared/table/definition';
import { buildTestApp, SYNTH_TIMEOUT } from './support/build-app';

let template: Template;
beforeAll(() => {
  template = Template.fromStack(buildTestApp().data);
}, SYNTH_TIMEOUT);

describe('data stack', () => {
  it('builds the single table from TABLE_KEYS: keys, 3 GSIs with ALL projection, stream, TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
    });
    const attributes = [
      TABLE_KEYS.partitionKey,
      TABLE_KEYS.sortKey,
      ...TABLE_KEYS.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      AttributeDefinitions: Match.arrayWith(
        attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      ),
    });
  });

  it('protects the table: PITR, deletion protection, retained, AWS-managed encryption', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true },
      }),
    });
  });

  it('keeps the uploads bucket private, TLS-only and access-logged, with CORS for presigned PUT', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'uploads/' },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['PUT']), AllowedOrigins: ['*'] })],
      },
    });
    // Every bucket (uploads, catalogue index and their log bucket) denies plain HTTP.
    const policies = template.findResources('AWS::S3::BucketPolicy');
    expect(Object.keys(policies)).toHaveLength(3);
    for (const policy of Object.values(policies)) {
      expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('lets CloudFront (distributions of this account, OAC) read avatars/* and catalog/* of the uploads bucket, nothing else', () => {
    const [, uploads] =
      Object.entries(template.findResources('AWS::S3::BucketPolicy')).find(([id]) =>
        id.startsWith('Uploads'),
      ) ?? [];
    const statements = (uploads?.Properties as { PolicyDocument: { Statement: Record<string, unknown>[] } })
      .PolicyDocument.Statement;
    const cloudfront = statements.filter((s) =>
      JSON.stringify(s.Principal).includes('cloudfront.amazonaws.com'),
    );
    expect(cloudfront).toHaveLength(1);
    expect(cloudfront[0]).toMatchObject({ Effect: 'Allow', Action: 's3:GetObject' });
    const resources = JSON.stringify(cloudfront[0]?.Resource);
    expect(resources.match(/"\/[a-z-]+\/\*"\]\]\}/g)).toEqual(['"/avatars/*"]]}', '"/catalog/*"]]}']);
    expect(JSON.stringify(cloudfront[0]?.Condition)).toContain(':cloudfront::');
    expect(JSON.stringify(cloudfront[0]?.Condition)).toContain('"aws:SourceAccount"');
  });

  it('keeps the catalogue index bucket private and unserved, access-logged, its snapshots expiring', () => {
    const [, bucket] =
      Object.entries(template.findResources('AWS::S3::Bucket')).find(([id]) =>
        id.startsWith('CatalogIndex'),
      ) ?? [];
    expect(bucket).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LoggingConfiguration: { LogFilePrefix: 'catalog-index/' },
        LifecycleConfiguration: {
          Rules: [
            expect.objectContaining({ Prefix: 'catalog-index/', ExpirationInDays: 30, Status: 'Enabled' }),
          ],
        },
      },
    });
    expect(bucket?.Properties).not.toHaveProperty('CorsConfiguration');
    // Nobody but the functions' roles: no service principal in its policy (only the TLS deny).
    const [, policy] =
      Object.entries(template.findResources('AWS::S3::BucketPolicy')).find(([id]) =>
        id.startsWith('CatalogIndex'),
      ) ?? [];
    const statements = (policy?.Properties as { PolicyDocument: { Statement: { Effect: string }[] } })
      .PolicyDocument.Statement;
    expect(statements.map((s) => s.Effect)).toEqual(['Deny']);
    template.hasOutput('CatalogIndexBucketName', {
      Export: { Name: 'SneakerCrm-prod-Data-CatalogIndexBucketName' },
    });
  });

  it('expires export archives on the uploads bucket a day after their link', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'uploads/' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'exports/', ExpirationInDays: EXPORT_LINK_DAYS + 1, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('expires import files on the uploads bucket after 7 days', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'uploads/' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'imports/', ExpirationInDays: 7, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('exports the uploads bucket name under a fixed name for the services stack', () => {
    template.hasOutput('UploadsBucketName', { Export: { Name: 'SneakerCrm-prod-Data-UploadsBucketName' } });
  });
});
