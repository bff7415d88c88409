import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions as services } from '../../services/registry';
import { billingFixture, buildTestApp, fixtureService, resources, SYNTH_TIMEOUT } from './support/build-app';

let template: Template;
beforeAll(() => {
  template = Template.fromStack(buildTestApp().api);
}, SYNTH_TIMEOUT);

const registryRoutes = services.flatMap(({ definition }) =>
  definition.routes.map((r) => ({ service: definition.name, ...r.contract })),
);
const hasApiKeyRoutes = registryRoutes.some((r) => r.auth === 'apiKey');
const AUTHORIZATION_TYPE = { user: 'JWT', apiKey: 'CUSTOM', public: 'NONE' } as const;

describe('api stack', () => {
  it('declares every route of every registered service, and nothing else', () => {
    expect(registryRoutes.length).toBeGreaterThan(0);
    const keys = resources(template, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(registryRoutes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("puts the Cognito JWT authorizer on 'user' routes, the key authorizer on 'apiKey' routes and none on 'public' routes", () => {
    for (const route of registryRoutes) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${route.method} ${route.path}`,
        AuthorizationType: AUTHORIZATION_TYPE[route.auth],
        ...(route.auth === 'public' ? { AuthorizerId: Match.absent() } : { AuthorizerId: Match.anyValue() }),
      });
    }
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', hasApiKeyRoutes ? 2 : 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
  });

  it('integrates each service with a route table through one Lambda proxy integration', () => {
    const withRoutes = services.filter((s) => s.definition.routes.length > 0);
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', withRoutes.length);
    template.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
    // Plus API Gateway's permission to call the key authorizer, once apiKey routes exist.
    template.resourceCountIs('AWS::Lambda::Permission', withRoutes.length + (hasApiKeyRoutes ? 1 : 0));
  });

  it('throttles and access-logs the default stage and answers CORS preflight', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['*'],
        // x-impersonation: the SPA sends it on every call while a superuser impersonates.
        AllowHeaders: Match.arrayWith(['authorization', 'content-type', 'x-impersonation']),
      }),
    });
  });

  it(
    "puts no authorizer on a provider's signed webhook route, acknowledged as signature-only",
    () => {
      const api = buildTestApp({ services: [...services, billingFixture] }).api;
      const fixture = Template.fromStack(api);
      fixture.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: 'POST /api/fixture-billing/webhook',
        AuthorizationType: 'NONE',
        AuthorizerId: Match.absent(),
      });
      fixture.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: 'GET /api/fixture-billing',
        AuthorizationType: 'JWT',
      });
      const reasons = api.node
        .findAll()
        .flatMap((node) => node.node.metadata)
        .map((entry) => JSON.stringify(entry.data));
      expect(
        reasons.some(
          (r) => r.includes('payments.webhook') && r.includes("signed with the provider's secret"),
        ),
      ).toBe(true);
    },
    SYNTH_TIMEOUT,
  );

  it("refuses to synthesize an 'apiKey' route while no API-key authorizer is configured", () => {
    const store = fixtureService({
      name: 'store-fixture',
      routes: [{ id: 'store.listProducts', method: 'GET', path: '/v1/fixture-products', auth: 'apiKey' }],
    });
    const withoutAuthorizer = services.filter((s) => !s.definition.apiKeyAuthorizer);
    expect(() =>
      buildTestApp({
        services: [
          ...withoutAuthorizer.filter((s) => !s.definition.routes.some((r) => r.contract.auth === 'apiKey')),
          store,
        ],
      }),
    ).toThrow(
      /store\.listProducts \(GET \/v1\/fixture-products\) of service "store-fixture" has auth 'apiKey' but the api stack has no API-key authorizer/,
    );
  });

  it(
    "puts the store API's Lambda authorizer on 'apiKey' routes: simple responses, x-api-key, cached 300 s",
    () => {
      const store = fixtureService({
        name: 'store-fixture',
        routes: [{ id: 'store.listProducts', method: 'GET', path: '/v1/fixture-products', auth: 'apiKey' }],
      });
      const api = Template.fromStack(buildTestApp({ services: [...services, store] }).api);
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: 'GET /v1/fixture-products',
        AuthorizationType: 'CUSTOM',
        AuthorizerId: Match.anyValue(),
      });
      api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'REQUEST',
        EnableSimpleResponses: true,
        AuthorizerPayloadFormatVersion: '2.0',
        IdentitySource: ['$request.header.x-api-key'],
        AuthorizerResultTtlInSeconds: 300,
        AuthorizerUri: Match.anyValue(),
      });
      api.hasResourceProperties('AWS::Lambda::Permission', {
        Principal: 'apigateway.amazonaws.com',
        SourceArn: Match.objectLike({
          'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp('authorizers/')])]),
        }),
      });
    },
    SYNTH_TIMEOUT,
  );
});
