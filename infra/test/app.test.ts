import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { functions as services } from '../../services/registry';
import { buildSneakerCrm } from '../src/app';
import { buildTestApp, identityFixtures, NO_WEB_DIST, SYNTH_TIMEOUT } from './support/build-app';

type Assembly = ReturnType<App['synth']>;
const dependenciesOf = (assembly: Assembly, stage = 'prod') =>
  Object.fromEntries(
    assembly.stacks.map((s) => [
      s.stackName.replace(`SneakerCrm-${stage}-`, ''),
      s.dependencies
        .filter((d) => !d.id.endsWith('.assets'))
        .map((d) => d.id.replace(`SneakerCrm-${stage}-`, ''))
        .sort(),
    ]),
  );
/** CloudFormation rejects cycles among a template's own resources; synth does not notice, Template does. */
const expectNoResourceCycles = (assembly: Assembly) => {
  for (const s of assembly.stacks)
    expect(() => Template.fromJSON(s.template as Record<string, unknown>), s.stackName).not.toThrow();
};
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
    const deps = dependenciesOf(assembly);
    expect(deps.Data).toEqual([]);
    expect(deps.Auth).toEqual(['Data']);
    expect(deps.Realtime).toEqual([]);
    expect(deps.Services).toEqual(['Auth', 'Data', 'Realtime']);
    expect(deps.Api).toEqual(['Auth', 'Services']);
    expect(deps.Events).toEqual(['Data', 'Services']);
    expect(deps.Web).toEqual(expect.arrayContaining(['Api', 'Auth', 'Data', 'Realtime']));
    // Alarms on the PreSignUp trigger (auth stack) when the registry declares one.
    const trigger = services.some((s) => s.definition.cognitoTriggers?.preSignUp);
    expect(deps.Observability).toEqual(['Api', ...(trigger ? ['Auth'] : []), 'Events', 'Services']);
    expectNoResourceCycles(assembly);
  });

  it('synthesizes with the identity fixtures (every access flag and a PreSignUp trigger) without cycles', () => {
    const { accounts, ledger, gate } = identityFixtures;
    const list = [
      ...services.filter((s) => !s.definition.cognitoTriggers?.preSignUp),
      accounts,
      ledger,
      gate,
    ];
    const assembly = buildTestApp({ services: list }).app.synth();
    const deps = dependenciesOf(assembly);
    expect(deps.Auth).toEqual(['Data']);
    expect(deps.Services).toEqual(['Auth', 'Data', 'Realtime']);
    expect(deps.Observability).toEqual(['Api', 'Auth', 'Events', 'Services']);
    expectNoResourceCycles(assembly);
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

  it('reads appUrl and emailFrom, with defaults: a placeholder origin and no-reply@ its host', () => {
    const read = (context: Record<string, string>) => buildTestApp({}, new App({ context })).settings;
    expect(read({})).toMatchObject({
      appUrl: 'https://app.example.com',
      emailFrom: 'no-reply@app.example.com',
      emailDomain: 'app.example.com',
    });
    expect(read({ appUrl: 'https://crm.example.org/' })).toMatchObject({
      appUrl: 'https://crm.example.org',
      emailFrom: 'no-reply@crm.example.org',
    });
    expect(read({ appUrl: 'https://crm.example.org', emailFrom: 'Team@Mail.Example.org' })).toMatchObject({
      emailFrom: 'Team@Mail.Example.org',
      emailDomain: 'mail.example.org',
    });
    expect(() => read({ appUrl: 'http://crm.example.org' })).toThrow(/Context "appUrl"/);
    expect(() => read({ appUrl: 'https://crm.example.org/app' })).toThrow(/Context "appUrl"/);
    expect(() => read({ appUrl: 'crm.example.org' })).toThrow(/Context "appUrl"/);
    expect(() => read({ emailFrom: 'Sneaker CRM <hi@example.org>' })).toThrow(/Context "emailFrom"/);
  });

  it('rejects a stage name that cannot name resources', () => {
    expect(() =>
      buildSneakerCrm(new App({ context: { stage: 'Prod Env' } }), { bundle: false, nag: false }),
    ).toThrow(/Context "stage"/);
  });
});
