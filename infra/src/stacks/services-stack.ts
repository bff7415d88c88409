import { Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '@sneakers/shared/table/definition';
import { functionEnvName } from '@sneakers/shared/runtime/invoke';
import {
  serializeStreamTargets,
  STREAM_TARGETS_ENV,
  streamTargetsOf,
} from '@sneakers/shared/runtime/stream-fanout';
import type { FunctionAccess } from '@sneakers/shared/runtime/function';
import type { FunctionManifest } from '../../../services/registry';
import { ServiceFunction } from '../constructs/service-function';
import { baseEnvironment } from '../environment';
import { pascal } from '../naming';
import { acknowledge, acknowledgeWildcardResource } from '../nag';
import {
  AVATAR_KEY_PREFIX,
  CATALOG_INDEX_KEY_PREFIX,
  MARKETPLACE_API_URL,
  MARKETPLACE_AUTH_URL,
  SEARCH_INDEX_MEMORY_MB,
} from '../settings';
import type { RealtimeStack } from './realtime-stack';

export interface ServicesStackProps extends StackProps {
  /** The registry (`services/registry.ts`), or fixtures in tests. */
  services: readonly FunctionManifest[];
  table: dynamodb.ITable;
  realtime: RealtimeStack;
  /** Fixed bus name (the events stack creates the bus with it). */
  eventBusName: string;
  allowedOrigins: string[];
  /** The uploads bucket's name, imported by this fixed export name (data stack). */
  uploadsBucketExportName: string;
  /** The catalogue index bucket's name, imported by this fixed export name (data stack). */
  catalogIndexBucketExportName: string;
  /** RELEASES_SOURCE_URL of `marketplace` services (`-c releasesSourceUrl`). */
  releasesSourceUrl: string;
  /** For `userPoolAdmin` services: USER_POOL_ID and admin calls on this pool only. */
  userPool: cognito.IUserPool;
  /** For `demoIdentity` services: the SPA client the demo user signs in through. */
  userPoolClient: cognito.IUserPoolClient;
  /** The SPA's origin: APP_URL and MEDIA_BASE_URL (`${appUrl}/media`). */
  appUrl: string;
  /** EMAIL_FROM of `sendsEmail` services; SES grants are on its address and domain identities. */
  emailFrom: string;
  emailDomain: string;
  /** False in assertion tests: inline stub code instead of an esbuild bundle. */
  bundle?: boolean;
}

/** Item-level actions only: no Scan anywhere (docs/architecture.md#one-dynamodb-table), no table management. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/** The table and each GSI named in TABLE_KEYS (no `index/*` wildcard). */
export function tableAccessStatement(
  table: dynamodb.ITable,
  access: Exclude<FunctionAccess['table'], 'none'>,
): iam.PolicyStatement {
  return new iam.PolicyStatement({
    actions: access === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
    resources: [table.tableArn, ...TABLE_KEYS.indexes.map((i) => `${table.tableArn}/index/${i.name}`)],
  });
}

const WEBSOCKET_ROUTES = ['$connect', '$disconnect', '$default'] as const;

/** SES v2 SendEmail (and v1 raw sends) from the configured sender only. */
export const EMAIL_ACTIONS = ['ses:SendEmail', 'ses:SendRawEmail'];
/** Snapshots: read the current one, write the next. Without ListBucket a missing key answers 403 (the store rebuilds then). */
export const SEARCH_INDEX_ACTIONS = ['s3:GetObject', 's3:PutObject'];
export const MARKETPLACE_SECRET_ACTIONS = ['secretsmanager:GetSecretValue'];
/** The billing functions read the payment provider's credentials; nothing else. */
export const BILLING_SECRET_ACTIONS = ['secretsmanager:GetSecretValue'];
/** Lambda timeout of a `searchIndex` service: a cold container may rebuild the index from the table. */
export const SEARCH_INDEX_TIMEOUT_SECONDS = 29;
/**
 * Lambda timeout of a service that waits on upstreams (`marketplace`, `paymentProvider`) or on another
 * function (`invokes`, or the table stream's dispatcher, which waits on its targets' default 10 s):
 * as long as API Gateway waits, so the upstream's own limits decide.
 */
export const UPSTREAM_TIMEOUT_SECONDS = 29;
export const INVOKE_ACTIONS = ['lambda:InvokeFunction'];
/** Presigned PUT/GET; HeadObject is authorised by s3:GetObject. */
export const UPLOAD_ACTIONS = ['s3:PutObject', 's3:GetObject'];
/** Import files and export archives: written (multipart), read, deleted. */
export const MIGRATION_FILE_ACTIONS = [
  's3:PutObject',
  's3:GetObject',
  's3:DeleteObject',
  's3:AbortMultipartUpload',
  's3:ListMultipartUploadParts',
];
export const ACCOUNT_DELETION_USER_ACTIONS = ['cognito-idp:AdminDeleteUser'];
export const USER_POOL_ADMIN_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword'];
export const DEMO_IDENTITY_ACTIONS = [
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminAddUserToGroup',
];

/**
 * Every service's Lambda, its environment and its grants (table, PutEvents,
 * ManageConnections), plus the WebSocket routes of the service that declares `websocket`.
 * The api and events stacks wire these functions to routes and rules.
 */
export class ServicesStack extends Stack {
  readonly functions = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: ServicesStackProps) {
    super(scope, id, props);
    const { realtime, table } = props;

    // The WebSocket API through its explicit export: one-way dependency on the realtime stack.
    this.addStackDependency(realtime);
    const webSocketApiId = Fn.importValue(realtime.apiIdExportName);
    const wsStage = realtime.stage.stageName;
    const managementEndpoint = `https://${webSocketApiId}.execute-api.${this.region}.${this.urlSuffix}/${wsStage}`;
    const connectionsArn = this.formatArn({
      service: 'execute-api',
      resource: webSocketApiId,
      resourceName: `${wsStage}/POST/@connections/*`,
    });
    const busArn = this.formatArn({
      service: 'events',
      resource: 'event-bus',
      resourceName: props.eventBusName,
    });

    const sesIdentityArn = (identity: string) =>
      this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    // SES authorises against the most specific verified identity: the address if it is
    // verified on its own, otherwise its domain. Both are named; nothing else is.
    const emailIdentityArns = [...new Set([props.emailDomain, props.emailFrom])].map(sesIdentityArn);
    const uploadsBucketName = Fn.importValue(props.uploadsBucketExportName);
    const avatarObjectsArn = this.formatArn({
      service: 's3',
      region: '',
      account: '',
      resource: uploadsBucketName,
      resourceName: `${AVATAR_KEY_PREFIX}*`,
    });

    const catalogIndexBucketName = Fn.importValue(props.catalogIndexBucketExportName);
    const catalogIndexObjectsArn = this.formatArn({
      service: 's3',
      region: '',
      account: '',
      resource: catalogIndexBucketName,
      resourceName: `${CATALOG_INDEX_KEY_PREFIX}*`,
    });

    // The marketplace API's credentials: created with a generated placeholder, never in the
    // template or the bundle. Ops put `{ "apiKey": …, "clientId": …, "clientSecret": … }` in
    // it (services/catalog/README.md); the catalog Lambda reads it at run time.
    const marketplaceSecret = props.services.some((s) => s.definition.access.marketplace)
      ? new secretsmanager.Secret(this, 'MarketplaceCredentials', {
          description:
            'Marketplace API (StockX v2) credentials as JSON { apiKey, clientId, clientSecret }; set by ops after the first deploy',
          generateSecretString: {
            secretStringTemplate: JSON.stringify({ apiKey: '', clientId: '', clientSecret: '' }),
            generateStringKey: 'placeholder',
            excludePunctuation: true,
          },
        })
      : undefined;
    if (marketplaceSecret)
      acknowledge(
        marketplaceSecret,
        'AwsSolutions-SMG4',
        "The marketplace issues these API credentials; they can only be rotated in the marketplace's developer portal, after which ops update this secret.",
      );

    // The payment provider's API key and webhook signing secret, like the marketplace's: a
    // generated placeholder until ops put `{ "apiKey": "sk_live_…", "webhookSecret": "whsec_…" }`
    // in it (services/billing/README.md); only the billing functions may read it.
    const billingSecret = props.services.some((s) => s.definition.access.paymentProvider)
      ? new secretsmanager.Secret(this, 'BillingProviderCredentials', {
          description:
            'Payment provider (Stripe) credentials as JSON { apiKey, webhookSecret }; set by ops after the first deploy',
          generateSecretString: {
            secretStringTemplate: JSON.stringify({ apiKey: '', webhookSecret: '' }),
            generateStringKey: 'placeholder',
            excludePunctuation: true,
          },
        })
      : undefined;
    if (billingSecret)
      acknowledge(
        billingSecret,
        'AwsSolutions-SMG4',
        "The payment provider issues the API key and the webhook endpoint's signing secret; they are rolled in the provider's dashboard, after which ops update this secret.",
      );

    // The read-only demo user's password: generated once per stage, never in the template.
    const demoPassword = props.services.some((s) => s.definition.access.demoIdentity)
      ? new secretsmanager.Secret(this, 'DemoUserPassword', {
          description:
            'Password of the read-only Try Demo user (the profiles service provisions the user with it)',
          generateSecretString: { passwordLength: 32, excludePunctuation: true },
        })
      : undefined;
    if (demoPassword)
      acknowledge(
        demoPassword,
        'AwsSolutions-SMG4',
        'The demo user is read-only (every write answers 403 DEMO_MODE) and re-provisions itself with the current value, so rotation buys nothing; redeploying with a new value replaces it.',
      );

    for (const manifest of props.services) {
      const { definition } = manifest;
      const { access } = definition;
      if (this.functions.has(definition.name))
        throw new Error(`Duplicate service name "${definition.name}" in the registry`);
      const needsSocket = access.managesConnections === true || definition.websocket !== undefined;

      const service = new ServiceFunction(this, pascal(definition.name), {
        manifest,
        bundle: props.bundle,
        // The in-memory search index (settings.ts SEARCH_INDEX_MEMORY_MB says why), and the
        // time a cold container may need to rebuild it from the table.
        ...(definition.timeoutSeconds !== undefined
          ? { timeout: Duration.seconds(definition.timeoutSeconds) }
          : access.searchIndex
            ? { memorySize: SEARCH_INDEX_MEMORY_MB, timeout: Duration.seconds(SEARCH_INDEX_TIMEOUT_SECONDS) }
            : access.marketplace ||
                access.paymentProvider ||
                access.webhookQueueConsumer ||
                definition.tableStreamDispatcher ||
                (access.invokes?.length ?? 0) > 0
              ? { timeout: Duration.seconds(UPSTREAM_TIMEOUT_SECONDS) }
              : {}),
        environment: {
          ...baseEnvironment({
            definition,
            tableName: table.tableName,
            eventBusName: props.eventBusName,
            allowedOrigins: props.allowedOrigins,
            appUrl: props.appUrl,
          }),
          ...(needsSocket ? { WS_MANAGEMENT_ENDPOINT: managementEndpoint } : {}),
          ...(access.sendsEmail ? { EMAIL_FROM: props.emailFrom } : {}),
          ...(access.uploads ? { UPLOADS_BUCKET: uploadsBucketName } : {}),
          ...(access.searchIndex ? { CATALOG_INDEX_BUCKET: catalogIndexBucketName } : {}),
          ...(access.marketplace && marketplaceSecret
            ? {
                MARKETPLACE_API_URL,
                MARKETPLACE_AUTH_URL,
                MARKETPLACE_SECRET_ID: marketplaceSecret.secretArn,
                RELEASES_SOURCE_URL: props.releasesSourceUrl,
              }
            : {}),
          ...(access.paymentProvider && billingSecret ? { BILLING_SECRET_ID: billingSecret.secretArn } : {}),
          ...(access.userPoolAdmin || access.demoIdentity ? { USER_POOL_ID: props.userPool.userPoolId } : {}),
          ...(access.demoIdentity && demoPassword
            ? {
                USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
                // A dynamic reference: resolved at deploy time, never written into the template.
                DEMO_USER_PASSWORD: demoPassword.secretValue.unsafeUnwrap(),
              }
            : {}),
        },
      });
      this.functions.set(definition.name, service);
      const defaultPolicy = () => service.role.node.findChild('DefaultPolicy');

      if (access.table !== 'none')
        service.role.addToPrincipalPolicy(tableAccessStatement(table, access.table));
      if (access.publishesEvents) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['events:PutEvents'], resources: [busArn] }),
        );
      }
      if (access.managesConnections) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: ['execute-api:ManageConnections'],
            resources: [connectionsArn],
          }),
        );
        acknowledgeWildcardResource(
          defaultPolicy(),
          connectionsArn,
          'PostToConnection targets connection ids that only exist at run time; the grant is limited to POST on this API stage.',
        );
      }
      if (access.sendsEmail) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: EMAIL_ACTIONS, resources: emailIdentityArns }),
        );
      }
      if (access.uploads) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: UPLOAD_ACTIONS, resources: [avatarObjectsArn] }),
        );
        acknowledgeWildcardResource(
          defaultPolicy(),
          avatarObjectsArn,
          'Presigned avatar uploads use keys made at run time (avatars/{userId}/{timestamp}.{ext}); the grant is object-level Put/Get under avatars/ of the uploads bucket only.',
        );
      }
      if (access.uploads && access.migrationFiles) {
        const under = (prefix: string) =>
          this.formatArn({
            service: 's3',
            region: '',
            account: '',
            resource: uploadsBucketName,
            resourceName: prefix,
          });
        const migrationObjects = [under('imports/*'), under('exports/*')];
        const everyUpload = under('*');
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: MIGRATION_FILE_ACTIONS, resources: migrationObjects }),
        );
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [everyUpload] }),
        );
        for (const arn of [...migrationObjects, everyUpload])
          acknowledgeWildcardResource(
            defaultPolicy(),
            arn,
            'Import files and export archives have keys made at run time (imports/{userId}/…, exports/{userId}/{exportId}.zip); an export copies the uploaded files its records name, so it reads (only reads) any object of the uploads bucket.',
          );
      }
      if (access.uploads && access.accountDeletion) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: [avatarObjectsArn] }),
        );
        const uploadsBucketArn = this.formatArn({
          service: 's3',
          region: '',
          account: '',
          resource: uploadsBucketName,
        });
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: ['s3:ListBucket'],
            resources: [uploadsBucketArn],
            conditions: { StringLike: { 's3:prefix': [`${AVATAR_KEY_PREFIX}*`] } },
          }),
        );
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: ACCOUNT_DELETION_USER_ACTIONS,
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      if (access.searchIndex) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: SEARCH_INDEX_ACTIONS, resources: [catalogIndexObjectsArn] }),
        );
        acknowledgeWildcardResource(
          defaultPolicy(),
          catalogIndexObjectsArn,
          'Snapshot keys are made at publish time (catalog-index/{version}-{nonce}.bin); the grant is object-level Get/Put under catalog-index/ of the index bucket only.',
        );
      }
      if (access.marketplace && marketplaceSecret) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: MARKETPLACE_SECRET_ACTIONS,
            resources: [marketplaceSecret.secretArn],
          }),
        );
      }
      if (access.paymentProvider && billingSecret) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: BILLING_SECRET_ACTIONS, resources: [billingSecret.secretArn] }),
        );
      }
      if (access.userPoolAdmin) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: USER_POOL_ADMIN_ACTIONS,
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      if (access.demoIdentity) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: DEMO_IDENTITY_ACTIONS,
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
    }

    this.addWebhookQueue(props.services);

    // Functions calling functions (`invokes`): once every function exists, each caller may
    // invoke its targets only, and finds each one's name in FUNCTION_<NAME_UPPER_SNAKE>.
    // The table stream's dispatcher invokes every function that declares `stream`, exactly
    // those, and reads their filters from STREAM_TARGETS (docs/adr/0029).
    const streamTargets = streamTargetsOf(props.services.map((s) => s.definition));
    for (const { definition } of props.services) {
      const caller = this.fn(definition.name);
      const dispatches = definition.tableStreamDispatcher === true;
      if (dispatches)
        caller.function.addEnvironment(STREAM_TARGETS_ENV, serializeStreamTargets(streamTargets));
      const callees = [
        ...(definition.access.invokes ?? []),
        ...(dispatches ? streamTargets.map((t) => t.name) : []),
      ];
      for (const target of callees) {
        const callee = this.fn(target).function;
        caller.function.addEnvironment(functionEnvName(target), callee.functionName);
        caller.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: INVOKE_ACTIONS, resources: [callee.functionArn] }),
        );
      }
    }

    const socketServices = props.services.filter((s) => s.definition.websocket);
    if (socketServices.length > 1) {
      throw new Error(
        `Only one service may own the WebSocket API (got ${socketServices.map((s) => s.definition.name).join(', ')})`,
      );
    }
    const socketService = socketServices[0];
    if (socketService) {
      const webSocketApi = apigwv2.WebSocketApi.fromWebSocketApiAttributes(this, 'WebSocketApi', {
        webSocketId: webSocketApiId,
        apiEndpoint: `wss://${webSocketApiId}.execute-api.${this.region}.${this.urlSuffix}`,
      });
      const integration = new WebSocketLambdaIntegration(
        'WebSocketIntegration',
        this.fn(socketService.definition.name).function,
      );
      for (const routeKey of WEBSOCKET_ROUTES) {
        const route = new apigwv2.WebSocketRoute(this, `WebSocketRoute${pascal(routeKey.slice(1))}`, {
          webSocketApi,
          routeKey,
          integration,
        });
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          routeKey === '$connect'
            ? 'Browsers connect anonymously to receive public invalidate frames (services/realtime README); no user data is pushed over the socket.'
            : 'API Gateway only runs WebSocket authorizers on $connect; this route belongs to an already accepted connection.',
        );
      }
    }
  }

  /**
   * The outgoing webhooks' deliveries queue (docs/adr/0025-outgoing-webhooks.md): the fan-out
   * (`sendsWebhooks`) sends one message per delivery, the sender (`webhookQueueConsumer`) is
   * its event source with partial batch responses. A message our side keeps failing on (the
   * table, not the receiver: receiver failures are retried by the sender itself) lands in the
   * dead-letter queue after 5 receives.
   */
  private addWebhookQueue(services: readonly FunctionManifest[]) {
    const senders = services.filter((s) => s.definition.access.sendsWebhooks);
    const consumers = services.filter((s) => s.definition.access.webhookQueueConsumer);
    if (senders.length === 0 && consumers.length === 0) return;
    const dlq = new sqs.Queue(this, 'WebhookDeliveriesDlq', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    acknowledge(dlq, 'AwsSolutions-SQS3', 'This is the dead-letter queue of the webhook deliveries queue.');
    const queue = new sqs.Queue(this, 'WebhookDeliveries', {
      // Six times the sender's timeout, as AWS advises for a Lambda event source.
      visibilityTimeout: Duration.seconds(6 * UPSTREAM_TIMEOUT_SECONDS),
      retentionPeriod: Duration.days(4),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      deadLetterQueue: { queue: dlq, maxReceiveCount: 5 },
    });
    for (const { definition } of senders) {
      const fn = this.fn(definition.name);
      fn.function.addEnvironment('WEBHOOK_QUEUE_URL', queue.queueUrl);
      queue.grantSendMessages(fn.role);
    }
    for (const { definition } of consumers) {
      const fn = this.fn(definition.name);
      queue.grantConsumeMessages(fn.role);
      fn.function.addEventSource(
        new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 10 }),
      );
    }
  }

  /** The service's function, or a clear error naming the missing service. */
  fn(name: string): ServiceFunction {
    const f = this.functions.get(name);
    if (!f) throw new Error(`No function for service "${name}"`);
    return f;
  }
}
