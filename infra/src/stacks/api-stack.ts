import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { AuthKind } from '@sneakers/shared/contracts/contract';
import { CORS_ALLOW_HEADERS } from '@sneakers/shared/http/cors';
import type { FunctionManifest } from '../../../services/registry';
import { acknowledge } from '../nag';
import type { ServicesStack } from './services-stack';

export interface ApiStackProps extends StackProps {
  services: readonly FunctionManifest[];
  functions: ServicesStack;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  allowedOrigins: string[];
  /**
   * The store API's key authorizer (infra/src/app.ts builds it from the function the registry
   * marks `apiKeyAuthorizer`; docs/adr/0023). Without it, a route with `auth: 'apiKey'` fails
   * the synth instead of being deployed unprotected.
   */
  apiKeyAuthorizer?: apigwv2.IHttpRouteAuthorizer;
}

/** The HTTP API: every route of every service's route table, with its authorizer. */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly accessLogs: logs.LogGroup;
  /** `abc123.execute-api.region.amazonaws.com`: CloudFront's `/api/*` origin. */
  readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `${this.stackName}-http`,
      description: 'Sneaker CRM HTTP API (served to the SPA through CloudFront /api/*)',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: props.allowedOrigins,
        allowMethods: [
          apigwv2.CorsHttpMethod.GET,
          apigwv2.CorsHttpMethod.POST,
          apigwv2.CorsHttpMethod.PUT,
          apigwv2.CorsHttpMethod.PATCH,
          apigwv2.CorsHttpMethod.DELETE,
          apigwv2.CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: [...CORS_ALLOW_HEADERS],
        maxAge: Duration.hours(1),
      },
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { burstLimit: 200, rateLimit: 100 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    this.apiDomainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
    new CfnOutput(this, 'HttpApiEndpoint', { value: this.httpApi.apiEndpoint });

    const userAuthorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    const authorizerFor = (auth: AuthKind, where: string): apigwv2.IHttpRouteAuthorizer | undefined => {
      switch (auth) {
        case 'public':
          return undefined;
        case 'user':
          return userAuthorizer;
        case 'apiKey':
          if (!props.apiKeyAuthorizer) {
            throw new Error(
              `${where} has auth 'apiKey' but the api stack has no API-key authorizer configured (ApiStackProps.apiKeyAuthorizer)`,
            );
          }
          return props.apiKeyAuthorizer;
      }
    };

    for (const { definition } of props.services) {
      if (definition.routes.length === 0) continue;
      const integration = new HttpLambdaIntegration(
        `${definition.name}-integration`,
        props.functions.fn(definition.name).function,
        // One invoke permission per service (any route of this API), not one per route: a
        // domain with dozens of routes would otherwise approach Lambda's 20 KB policy limit.
        { payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0, scopePermissionToRoute: false },
      );
      for (const { contract } of definition.routes) {
        const where = `Route ${contract.id} (${contract.method} ${contract.path}) of service "${definition.name}"`;
        const authorizer = authorizerFor(contract.auth, where);
        const [route] = this.httpApi.addRoutes({
          path: contract.path,
          methods: [apigwv2.HttpMethod[contract.method]],
          integration,
          ...(authorizer ? { authorizer } : {}),
        });
        if (route && contract.auth === 'public') {
          acknowledge(
            route,
            'AwsSolutions-APIG4',
            contract.rawBody
              ? `${contract.id} is declared auth 'public' in its shared contract: the sender is a provider, not a user, and its handler accepts only a body signed with the provider's secret (checked before anything is read).`
              : `${contract.id} is declared auth 'public' in its shared contract (readable before sign-in); the handler never trusts an actor here.`,
          );
        }
      }
    }
  }
}
