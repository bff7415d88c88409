import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions as services } from '../../services/registry';
import { buildTestApp, resources, SYNTH_TIMEOUT } from './support/build-app';

let realtime: Template;
let functions: Template;
beforeAll(() => {
  const crm = buildTestApp();
  realtime = Template.fromStack(crm.realtime);
  functions = Template.fromStack(crm.functions);
}, SYNTH_TIMEOUT);

describe('realtime stack', () => {
  it('creates a WebSocket API with an auto-deployed, throttled, access-logged stage', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'prod',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
    realtime.hasOutput('WebSocketApiId', { Export: { Name: 'SneakerCrm-prod-Realtime-WebSocketApiId' } });
  });

  it('routes $connect, $disconnect and $default to the service that declares websocket', () => {
    const owner = services.find((s) => s.definition.websocket);
    expect(owner?.definition.name).toBe('realtime');
    const routes = resources(functions, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(routes.sort()).toEqual(['$connect', '$default', '$disconnect']);
    functions.allResourcesProperties('AWS::ApiGatewayV2::Route', {
      ApiId: { 'Fn::ImportValue': 'SneakerCrm-prod-Realtime-WebSocketApiId' },
    });
    functions.resourceCountIs('AWS::ApiGatewayV2::Integration', 1);
    functions.hasResourceProperties('AWS::ApiGatewayV2::Integration', { IntegrationType: 'AWS_PROXY' });
    const [[, integration]] = resources(functions, 'AWS::ApiGatewayV2::Integration') as [
      [string, { Properties: { IntegrationUri: unknown } }],
    ];
    expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain('RealtimeFunction');
  });

  it('lets services with managesConnections post to connections of this stage only', () => {
    const posters = services.filter((s) => s.definition.access.managesConnections);
    expect(posters.length).toBeGreaterThan(0);
    const policies = resources(functions, 'AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p).includes('execute-api:ManageConnections'),
    );
    expect(policies).toHaveLength(posters.length);
    for (const [, policy] of policies) expect(JSON.stringify(policy)).toContain('/prod/POST/@connections/*');
  });
});
