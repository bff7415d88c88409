import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSneakerCrm } from '../src/app';
import { buildTestApp, NO_WEB_DIST, SYNTH_TIMEOUT } from './support/build-app';

const STACKS = ['Data', 'Auth', 'Realtime', 'Services', 'Api', 'Events', 'Web', 'Observability'];

describe('the app', () => {
  let app: App;
  beforeAll(() => {
    // As `cdk synth` builds it (built-in CloudFormation validation and cdk-nag on), minus bundling.
    app = new App({ context: { 'aws:cdk:disable-asset-staging': true }, stackTraces: false });
    buildSneakerCrm(app, { bundle: false, env: {}, webDist: NO_WEB_DIST });
  }, SYNTH_TIMEOUT);

  it('synthesizes one template per concern, with one-way dependencies', () => {
    const assembly = app.synth();
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual(
      STACKS.map((s) => `SneakerCrm-prod-${s}`).sort(),
    );
    const deps = Object.fromEntries(
      assembly.stacks.map((s) => [
        s.stackName.replace('SneakerCrm-prod-', ''),
        s.dependencies
          .filter((d) => !d.id.endsWith('.assets'))
          .map((d) => d.id.replace('SneakerCrm-prod-', ''))
          .sort(),
      ]),
    );
    expect(deps.Data).toEqual([]);
    expect(deps.Auth).toEqual([]);
    expect(deps.Realtime).toEqual([]);
    expect(deps.Services).toEqual(['Data', 'Realtime']);
    expect(deps.Api).toEqual(['Auth', 'Services']);
    expect(deps.Events).toEqual(['Data', 'Services']);
    expect(deps.Web).toEqual(expect.arrayContaining(['Api', 'Auth', 'Data', 'Realtime']));
    expect(deps.Observability).toEqual(['Api', 'Events', 'Services']);
  });

  it('tags every stack with the app and the stage', () => {
    for (const stack of app.node.children.filter((c): c is Stack => c instanceof Stack)) {
      expect(stack.tags.tagValues(), stack.stackName).toMatchObject({ app: 'sneaker-crm', stage: 'prod' });
    }
  });
});

describe('settings', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('names stacks, the bus and the WebSocket stage after the stage context', () => {
    const crm = buildTestApp(
      {},
      new App({
        context: { stage: 'staging', 'aws:cdk:disable-asset-staging': true },
        builtinCloudFormationValidation: false,
      }),
    );
    expect(crm.functions.stackName).toBe('SneakerCrm-staging-Services');
    Template.fromStack(crm.events).hasResourceProperties('AWS::Events::EventBus', {
      Name: 'sneaker-crm-staging',
    });
    Template.fromStack(crm.realtime).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'staging',
    });
  });

  it('uses the CLI account and region when present, and stays environment-agnostic otherwise', () => {
    process.env.CDK_DEFAULT_ACCOUNT = '123456789012';
    process.env.CDK_DEFAULT_REGION = 'eu-west-1';
    const pinned = buildSneakerCrm(new App(), { bundle: false, nag: false, webDist: NO_WEB_DIST });
    expect([pinned.data.account, pinned.data.region]).toEqual(['123456789012', 'eu-west-1']);
    delete process.env.CDK_DEFAULT_ACCOUNT;
    delete process.env.CDK_DEFAULT_REGION;
    const agnostic = buildSneakerCrm(new App(), { bundle: false, nag: false, webDist: NO_WEB_DIST });
    expect(agnostic.data.region).toMatch(/^\$\{Token/);
  });

  it('rejects a stage name that cannot name resources', () => {
    expect(() =>
      buildSneakerCrm(new App({ context: { stage: 'Prod Env' } }), { bundle: false, nag: false }),
    ).toThrow(/Context "stage"/);
  });
});
