import {
  serializeStreamTargets,
  STREAM_TARGETS_ENV,
  streamTargetsOf,
} from '@sneakers/shared/runtime/stream-fanout';
import { functionEnvName } from '@sneakers/shared/runtime/invoke';
import { functions as manifests } from '../../services/registry';
import { LOCAL_NAMES } from './names';
import type { Ports } from './ports';

/** Each local service's address, on loopback at its port. */
export function localUrls(ports: Ports) {
  return {
    app: `http://127.0.0.1:${ports.app}`,
    api: `http://127.0.0.1:${ports.app}/api`,
    ws: `ws://127.0.0.1:${ports.ws}`,
    mail: `http://127.0.0.1:${ports.ses}`,
    dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
    cognito: `http://127.0.0.1:${ports.cognito}`,
    s3: `http://127.0.0.1:${ports.s3}`,
    events: `http://127.0.0.1:${ports.events}`,
    lambda: `http://127.0.0.1:${ports.lambda}`,
    marketplace: `http://127.0.0.1:${ports.marketplace}`,
    secrets: `http://127.0.0.1:${ports.secrets}`,
    stripe: `http://127.0.0.1:${ports.stripe}`,
    sqs: `http://127.0.0.1:${ports.sqs}`,
  };
}

export type LocalUrls = ReturnType<typeof localUrls>;

/**
 * The functions' environment on the local stage: what Lambda would give them in AWS, each
 * endpoint pointed at its local stand-in.
 */
export function functionEnvironment(urls: LocalUrls, ports: Ports, options: { billingTestClocks?: boolean }) {
  return {
    STAGE: 'local',
    AWS_REGION: LOCAL_NAMES.region,
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    TABLE_NAME: LOCAL_NAMES.table,
    EVENT_BUS_NAME: LOCAL_NAMES.eventBus,
    UPLOADS_BUCKET: LOCAL_NAMES.uploadsBucket,
    DYNAMODB_ENDPOINT: urls.dynamodb,
    EVENTS_ENDPOINT: urls.events,
    WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${ports.ws}`,
    S3_ENDPOINT: urls.s3,
    SES_ENDPOINT: urls.mail,
    COGNITO_ENDPOINT: urls.cognito,
    APP_URL: urls.app,
    EMAIL_FROM: LOCAL_NAMES.emailFrom,
    // s3rver serves GETs without a signature, so the bucket's path is the public URL.
    MEDIA_BASE_URL: `${urls.s3}/${LOCAL_NAMES.uploadsBucket}`,
    CATALOG_INDEX_BUCKET: LOCAL_NAMES.catalogIndexBucket,
    MARKETPLACE_API_URL: urls.marketplace,
    MARKETPLACE_AUTH_URL: `${urls.marketplace}/oauth/token`,
    MARKETPLACE_SECRET_ID: LOCAL_NAMES.marketplaceSecretId,
    SECRETS_ENDPOINT: urls.secrets,
    // The billing service's provider: the Stripe SDK pointed at the stand-in (unset in AWS).
    BILLING_SECRET_ID: LOCAL_NAMES.billingSecretId,
    STRIPE_API_URL: urls.stripe,
    BILLING_TEST_CLOCKS: options.billingTestClocks ? 'true' : 'false',
    // The account closure's grace period, shortened by the tests and the e2e journeys.
    ...(process.env.ACCOUNT_CLOSURE_GRACE_MS
      ? { ACCOUNT_CLOSURE_GRACE_MS: process.env.ACCOUNT_CLOSURE_GRACE_MS }
      : {}),
    // An import job's heartbeat staleness, shortened by the tests (a killed worker's job recovered).
    ...(process.env.MIGRATION_HEARTBEAT_STALE_MS
      ? { MIGRATION_HEARTBEAT_STALE_MS: process.env.MIGRATION_HEARTBEAT_STALE_MS }
      : {}),
    // Outgoing webhooks: the SQS stand-in's queue, and receivers on loopback over plain
    // HTTP (honoured only with STAGE=local, docs/adr/0025-outgoing-webhooks.md).
    SQS_ENDPOINT: urls.sqs,
    WEBHOOK_QUEUE_URL: `${urls.sqs}/000000000000/${LOCAL_NAMES.webhookQueue}`,
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    RELEASES_SOURCE_URL: `${urls.marketplace}/release-calendar?page=1`,
    // Functions calling functions go through the local Lambda API, named after their service.
    LAMBDA_ENDPOINT: urls.lambda,
    ...Object.fromEntries(
      manifests.flatMap((m) => m.definition.access.invokes ?? []).map((n) => [functionEnvName(n), n]),
    ),
    // The table stream's dispatcher and the targets it invokes, as CDK declares them (docs/adr/0029).
    [STREAM_TARGETS_ENV]: serializeStreamTargets(streamTargetsOf(manifests.map((m) => m.definition))),
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    POWERTOOLS_TRACE_ENABLED: 'false',
    POWERTOOLS_METRICS_DISABLED: 'true',
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  };
}
