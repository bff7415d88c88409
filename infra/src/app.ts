import { Duration, Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { AwsSolutionsChecks } from 'cdk-nag';
import { API_KEY_AUTHORIZER_CACHE_SECONDS, API_KEY_HEADER } from '@sneakers/shared/rules/store-api-limits';
import { functions as registry, type FunctionManifest } from '../../services/registry';
import { APP_NAME, eventBusName, readSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EventsStack } from './stacks/events-stack';
import { ObservabilityStack } from './stacks/observability-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { ServicesStack } from './stacks/services-stack';
import { WebStack } from './stacks/web-stack';

export interface SneakerCrmOptions {
  /** Defaults to the registry; tests inject fixture definitions. */
  services?: readonly FunctionManifest[];
  /** Bundle the Lambdas with esbuild (default true). Assertion tests pass false. */
  bundle?: boolean;
  /** Register cdk-nag's AwsSolutions pack so synthesis fails on unacknowledged findings (default true). */
  nag?: boolean;
  /** Overrides the CLI-derived environment (tests use an agnostic one). */
  env?: Environment;
  /** Overrides the SPA build folder. */
  webDist?: string;
}

export type SneakerCrm = ReturnType<typeof buildSneakerCrm>;

/**
 * The whole app: data, auth, realtime, services, api, events, web and observability.
 * The dependency order is one-way (data/realtime ← auth ← services ← api/events ← web/
 * observability), so no stack ever refers back to one that depends on it.
 */
export function buildSneakerCrm(app: App, options: SneakerCrmOptions = {}) {
  // S3 server access logs are granted by bucket policy (not the legacy LogDeliveryWrite ACL),
  // so log buckets can keep ACLs disabled. cdk.json does not set this flag; the app does.
  app.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
  // Keep CDK's current (strong, export-protecting) cross-stack references, explicitly.
  app.node.setContext('@aws-cdk/core:defaultCrossStackReferences', 'strong');
  const settings = readSettings(app);
  const env = options.env ?? settings.env;
  const services = options.services ?? registry;
  const prefix = `SneakerCrm-${settings.stage}`;
  const busName = eventBusName(settings.stage);
  const common = { env };

  const data = new DataStack(app, `${prefix}-Data`, {
    ...common,
    description: 'Sneaker CRM: single DynamoDB table, uploads bucket and search index snapshots',
    allowedOrigins: settings.allowedOrigins,
  });
  const auth = new AuthStack(app, `${prefix}-Auth`, {
    ...common,
    description: 'Sneaker CRM: Cognito user pool, SPA client and the PreSignUp trigger',
    services,
    table: data.table,
    eventBusName: busName,
    allowedOrigins: settings.allowedOrigins,
    appUrl: settings.appUrl,
    bundle: options.bundle ?? true,
  });
  // Explicit, so the deploy order does not depend on which services the registry holds
  // (the trigger reads the table; userPoolAdmin services name the pool).
  auth.addStackDependency(data);
  const realtime = new RealtimeStack(app, `${prefix}-Realtime`, {
    ...common,
    description: 'Sneaker CRM: WebSocket API and stage',
    stageName: settings.stage,
  });
  const functions = new ServicesStack(app, `${prefix}-Services`, {
    ...common,
    description: 'Sneaker CRM: one Lambda per domain service, grants and WebSocket routes',
    services,
    table: data.table,
    realtime,
    eventBusName: busName,
    allowedOrigins: settings.allowedOrigins,
    uploadsBucketExportName: data.uploadsBucketExportName,
    catalogIndexBucketExportName: data.catalogIndexBucketExportName,
    releasesSourceUrl: settings.releasesSourceUrl,
    userPool: auth.userPool,
    userPoolClient: auth.spaClient,
    appUrl: settings.appUrl,
    emailFrom: settings.emailFrom,
    emailDomain: settings.emailDomain,
    bundle: options.bundle ?? true,
  });
  functions.addStackDependency(data);
  functions.addStackDependency(auth);
  // The store API's key authorizer (docs/adr/0023): simple responses, the key as identity
  // source (a call without one is refused by API Gateway), its answer cached per key.
  const keyAuthorizer = services.find((s) => s.definition.apiKeyAuthorizer);
  const apiKeyAuthorizer = keyAuthorizer
    ? new HttpLambdaAuthorizer('ApiKeyAuthorizer', functions.fn(keyAuthorizer.definition.name).function, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: [`$request.header.${API_KEY_HEADER}`],
        resultsCacheTtl: Duration.seconds(API_KEY_AUTHORIZER_CACHE_SECONDS),
      })
    : undefined;
  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: 'Sneaker CRM: HTTP API routes from the service route tables',
    services,
    functions,
    userPool: auth.userPool,
    userPoolClient: auth.spaClient,
    allowedOrigins: settings.allowedOrigins,
    ...(apiKeyAuthorizer ? { apiKeyAuthorizer } : {}),
  });
  const events = new EventsStack(app, `${prefix}-Events`, {
    ...common,
    description: 'Sneaker CRM: event bus, consumer rules, schedules and the outbox stream',
    services,
    functions,
    table: data.table,
    eventBusName: busName,
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: 'Sneaker CRM: SPA bucket, CloudFront and /config.json',
    apiDomainName: api.apiDomainName,
    webSocketUrl: realtime.url,
    webSocketOrigin: realtime.origin,
    userPool: auth.userPool,
    userPoolClient: auth.spaClient,
    uploadsBucket: data.uploadsBucket,
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  const observability = new ObservabilityStack(app, `${prefix}-Observability`, {
    ...common,
    description: 'Sneaker CRM: dashboard, alarms and the alarm topic',
    functions: [...functions.functions.values(), ...auth.triggerFunctions],
    httpApi: api.httpApi,
    deadLetterQueues: events.deadLetterQueues,
  });

  Tags.of(app).add('app', APP_NAME);
  Tags.of(app).add('stage', settings.stage);
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  return { settings, data, auth, realtime, functions, api, events, web, observability };
}
