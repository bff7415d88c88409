import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functions as services } from '../../services/registry';
import { functionEnvName } from '@sneakers/shared/runtime/invoke';
import { STREAM_TARGETS_ENV } from '@sneakers/shared/runtime/stream-fanout';
import { execFileSync } from 'node:child_process';
import {
  ESM_REQUIRE_SHIM,
  SERVICE_BUNDLING,
  esbuildOptions,
  lazyModulesOf,
  serviceBundling,
} from '../src/bundling';
import {
  billingFixture,
  buildTestApp,
  identityFixtures,
  resources,
  SYNTH_TIMEOUT,
} from './support/build-app';
import { pascal } from '../src/naming';

let template: Template;
beforeAll(() => {
  template = Template.fromStack(buildTestApp().functions);
}, SYNTH_TIMEOUT);

type Fn = { Properties: { Environment: { Variables: Record<string, unknown> }; Description: string } };
const functionOf = (name: string): Fn => {
  const found = resources(template, 'AWS::Lambda::Function').find(
    ([, r]) => (r as Fn).Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === name,
  );
  if (!found) throw new Error(`no function for ${name}`);
  return found[1] as Fn;
};
// `${pascal(name)}Role…`: catalog's policy, not catalog-search's (CatalogSearchRole…).
const policyOf = (name: string): string => {
  const found = resources(template, 'AWS::IAM::Policy').find(([id]) => id.startsWith(`${pascal(name)}Role`));
  if (!found) throw new Error(`no policy for ${name}`);
  return JSON.stringify(found[1].Properties);
};

describe('services stack', () => {
  it('creates one Node.js 24 arm64 function per registered service, traced, with the Powertools layer and its own log group', () => {
    template.resourceCountIs('AWS::Lambda::Function', services.length);
    template.resourceCountIs('AWS::Logs::LogGroup', services.length);
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Layers: [
        Match.objectLike({
          'Fn::Join': Match.arrayWith([
            Match.arrayWith([Match.stringLikeRegexp('layer:AWSLambdaPowertoolsTypeScriptV2:')]),
          ]),
        }),
      ],
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: Match.anyValue() },
    });
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('gives every function the runtime environment of shared/runtime/config.ts', () => {
    for (const { definition } of services) {
      const vars = functionOf(definition.name).Properties.Environment.Variables;
      expect(vars).toMatchObject({
        EVENT_BUS_NAME: 'sneaker-crm-prod',
        STAGE: 'aws',
        ALLOWED_ORIGINS: '*',
        POWERTOOLS_SERVICE_NAME: definition.name,
        POWERTOOLS_METRICS_NAMESPACE: 'SneakerCrm',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        APP_URL: 'https://app.example.com',
        MEDIA_BASE_URL: 'https://app.example.com/media',
      });
      expect(vars.TABLE_NAME).toBeDefined();
      // Local stand-in endpoints are never set in AWS.
      for (const local of [
        'DYNAMODB_ENDPOINT',
        'EVENTS_ENDPOINT',
        'SES_ENDPOINT',
        'S3_ENDPOINT',
        'COGNITO_ENDPOINT',
      ])
        expect(vars, definition.name).not.toHaveProperty(local);
      expect('EMAIL_FROM' in vars, definition.name).toBe(definition.access.sendsEmail === true);
      expect('UPLOADS_BUCKET' in vars, definition.name).toBe(definition.access.uploads === true);
      expect('USER_POOL_ID' in vars, definition.name).toBe(definition.access.userPoolAdmin === true);
      expect('CATALOG_INDEX_BUCKET' in vars, definition.name).toBe(definition.access.searchIndex === true);
      for (const name of [
        'MARKETPLACE_API_URL',
        'MARKETPLACE_AUTH_URL',
        'MARKETPLACE_SECRET_ID',
        'RELEASES_SOURCE_URL',
      ])
        expect(name in vars, `${definition.name} ${name}`).toBe(definition.access.marketplace === true);
      expect('BILLING_SECRET_ID' in vars, definition.name).toBe(definition.access.paymentProvider === true);
      // The stand-in's address and its test clocks are local only.
      for (const local of ['STRIPE_API_URL', 'BILLING_TEST_CLOCKS'])
        expect(vars, definition.name).not.toHaveProperty(local);
      // Never a credential in the template: only the secret's ARN.
      expect(
        Object.keys(vars).filter((k) => /API_KEY|CLIENT_SECRET|WEBHOOK_SECRET/.test(k)),
        definition.name,
      ).toEqual([]);
      const socket = definition.access.managesConnections === true || definition.websocket !== undefined;
      expect('WS_MANAGEMENT_ENDPOINT' in vars, definition.name).toBe(socket);
    }
  });

  it('grants table access as declared, on the table and its named GSIs only, never Scan', () => {
    for (const { definition } of services) {
      const policy = policyOf(definition.name);
      expect(policy.includes('dynamodb:Query'), definition.name).toBe(definition.access.table !== 'none');
      expect(policy).not.toContain('dynamodb:Scan');
      expect(policy).not.toContain('/index/*');
      expect(policy.includes('dynamodb:PutItem'), definition.name).toBe(
        definition.access.table === 'readWrite',
      );
      expect(policy.includes('events:PutEvents'), definition.name).toBe(
        definition.access.publishesEvents === true,
      );
      expect(policy.includes('execute-api:ManageConnections'), definition.name).toBe(
        definition.access.managesConnections === true,
      );
    }
  });

  it('only lets PutEvents reach the custom bus', () => {
    const publisher = services.find((s) => s.definition.access.publishesEvents);
    expect(publisher).toBeDefined();
    expect(policyOf(publisher?.definition.name ?? '')).toContain(':event-bus/sneaker-crm-prod');
  });
});

describe("catalogue access flags (the catalog domain's four functions in the registry)", () => {
  type Statement = { Action: string | string[]; Resource: unknown };
  const statementsOf = (name: string): Statement[] => {
    const found = resources(template, 'AWS::IAM::Policy').find(([id]) =>
      id.startsWith(`${pascal(name)}Role`),
    );
    if (!found) throw new Error(`no policy for ${name}`);
    return (found[1].Properties.PolicyDocument as { Statement: Statement[] }).Statement;
  };
  const withAction = (name: string, action: string) =>
    statementsOf(name).filter((s) => [s.Action].flat().includes(action));
  const accessOf = (name: string) => services.find((s) => s.definition.name === name)?.definition.access;

  it('splits the access: the index to catalog-search, the upstreams to catalog-fetcher (no table), ingest invokes it', () => {
    expect(services.filter((s) => s.definition.access.searchIndex).map((s) => s.definition.name)).toEqual([
      'catalog-search',
    ]);
    expect(services.filter((s) => s.definition.access.marketplace).map((s) => s.definition.name)).toEqual([
      'catalog-fetcher',
    ]);
    expect(accessOf('catalog-fetcher')).toEqual({ table: 'none', marketplace: true });
    expect(accessOf('catalog-ingest')?.invokes).toEqual(['catalog-fetcher']);
    expect(accessOf('catalog')).toEqual({ table: 'readWrite' });
  });

  it('gives searchIndex services 1536 MB and 29 s, upstream callers, invokers and the webhook sender 29 s, the others 512 MB and 10 s, unless a function names its own timeout', () => {
    for (const { definition } of services) {
      const props = functionOf(definition.name).Properties as unknown as {
        MemorySize: number;
        Timeout: number;
      };
      const { searchIndex, marketplace, paymentProvider, invokes, webhookQueueConsumer } = definition.access;
      const expected =
        definition.timeoutSeconds !== undefined
          ? [512, definition.timeoutSeconds]
          : searchIndex
            ? [1536, 29]
            : marketplace ||
                paymentProvider ||
                webhookQueueConsumer ||
                definition.tableStreamDispatcher ||
                (invokes?.length ?? 0) > 0
              ? [512, 29]
              : [512, 10];
      expect([props.MemorySize, props.Timeout], definition.name).toEqual(expected);
    }
  });

  it('gives pricing-auto Lambda’s longest timeout: a sweep refreshes market data for up to 10 minutes', () => {
    expect(functionOf('pricing-auto').Properties).toMatchObject({ Timeout: 900 });
  });

  it('lets catalog-ingest invoke catalog-fetcher only, naming it in FUNCTION_CATALOG_FETCHER', () => {
    const fetcherId = resources(template, 'AWS::Lambda::Function').find(
      ([, r]) => (r as Fn).Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === 'catalog-fetcher',
    )?.[0];
    const [grant, ...more] = withAction('catalog-ingest', 'lambda:InvokeFunction');
    expect(more).toHaveLength(0);
    expect(grant?.Resource).toEqual({ 'Fn::GetAtt': [fetcherId, 'Arn'] });
    expect(functionOf('catalog-ingest').Properties.Environment.Variables.FUNCTION_CATALOG_FETCHER).toEqual({
      Ref: fetcherId,
    });
    for (const { definition } of services.filter(
      (s) => !s.definition.access.invokes && !s.definition.tableStreamDispatcher,
    ))
      expect(withAction(definition.name, 'lambda:InvokeFunction'), definition.name).toHaveLength(0);
  });

  it('lets the table-stream dispatcher invoke exactly the functions that declare a stream, naming each (docs/adr/0029)', () => {
    const idOf = (name: string) =>
      resources(template, 'AWS::Lambda::Function').find(
        ([, r]) => (r as Fn).Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === name,
      )?.[0];
    const dispatchers = services.filter((s) => s.definition.tableStreamDispatcher);
    expect(dispatchers.map((s) => s.definition.name)).toEqual(['table-stream']);
    const targets = services.filter((s) => s.definition.stream).map((s) => s.definition.name);
    expect(targets.sort()).toEqual(['commerce-overview', 'deals-matcher', 'outbox', 'storefront-catalog']);
    const granted = withAction('table-stream', 'lambda:InvokeFunction').flatMap((s) => [s.Resource].flat());
    expect(granted).toEqual(expect.arrayContaining(targets.map((t) => ({ 'Fn::GetAtt': [idOf(t), 'Arn'] }))));
    expect(granted).toHaveLength(targets.length);
    const vars = functionOf('table-stream').Properties.Environment.Variables;
    for (const target of targets)
      expect(vars[functionEnvName(target)], target).toEqual({ Ref: idOf(target) });
    const declared = JSON.parse(String(vars[STREAM_TARGETS_ENV])) as { name: string }[];
    expect(declared.map((t) => t.name).sort()).toEqual(targets);
  });

  it('grants Get/PutObject on catalog-index/* of the index bucket only, imported by its fixed export name', () => {
    const [s3, ...more] = withAction('catalog-search', 's3:PutObject');
    expect(more).toHaveLength(0);
    expect([s3?.Action].flat().sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(JSON.stringify(s3?.Resource)).toContain(
      '{"Fn::ImportValue":"SneakerCrm-prod-Data-CatalogIndexBucketName"},"/catalog-index/*"',
    );
    const vars = functionOf('catalog-search').Properties.Environment.Variables;
    expect(JSON.stringify(vars.CATALOG_INDEX_BUCKET)).toContain(
      '"Fn::ImportValue":"SneakerCrm-prod-Data-CatalogIndexBucketName"',
    );
  });

  it('creates the marketplace secret with a generated placeholder and grants GetSecretValue on it only', () => {
    const secrets = resources(template, 'AWS::SecretsManager::Secret').filter(([id]) =>
      id.startsWith('MarketplaceCredentials'),
    );
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0] ?? ['', { Properties: {} }];
    const generate = secret.Properties.GenerateSecretString as {
      SecretStringTemplate: string;
      GenerateStringKey: string;
    };
    expect(JSON.parse(generate.SecretStringTemplate)).toEqual({ apiKey: '', clientId: '', clientSecret: '' });
    expect(generate.GenerateStringKey).toBe('placeholder');
    expect(secret.Properties).not.toHaveProperty('SecretString');

    const [grant, ...more] = withAction('catalog-fetcher', 'secretsmanager:GetSecretValue');
    expect(more).toHaveLength(0);
    expect([grant?.Action].flat()).toEqual(['secretsmanager:GetSecretValue']);
    expect(grant?.Resource).toEqual({ Ref: secretId });
    for (const { definition } of services.filter(
      (s) => !s.definition.access.marketplace && !s.definition.access.paymentProvider,
    ))
      expect(withAction(definition.name, 'secretsmanager:GetSecretValue'), definition.name).toHaveLength(0);

    const vars = functionOf('catalog-fetcher').Properties.Environment.Variables;
    expect(vars).toMatchObject({
      MARKETPLACE_API_URL: 'https://api.stockx.com',
      MARKETPLACE_AUTH_URL: 'https://accounts.stockx.com/oauth/token',
      MARKETPLACE_SECRET_ID: { Ref: secretId },
      RELEASES_SOURCE_URL: 'https://stockx.com/release-calendar',
    });
  });

  it(
    'reads RELEASES_SOURCE_URL from -c releasesSourceUrl and refuses one that is not https',
    () => {
      const app = (releasesSourceUrl: string) =>
        new App({
          context: { 'aws:cdk:disable-asset-staging': true, releasesSourceUrl },
          stackTraces: false,
          builtinCloudFormationValidation: false,
        });
      const custom = buildTestApp({}, app('https://releases.example.org/calendar?region=eu'));
      expect(custom.settings.releasesSourceUrl).toBe('https://releases.example.org/calendar?region=eu');
      expect(() => buildTestApp({}, app('http://releases.example.org/'))).toThrow(/releasesSourceUrl/);
    },
    SYNTH_TIMEOUT,
  );
});

describe('the payment provider secret (a billing fixture service beside the registry)', () => {
  type Statement = { Action: string | string[]; Resource: unknown };
  let fixture: Template;
  beforeAll(() => {
    fixture = Template.fromStack(buildTestApp({ services: [...services, billingFixture] }).functions);
  }, SYNTH_TIMEOUT);
  const fixtureFn = (name: string) => {
    const found = resources(fixture, 'AWS::Lambda::Function').find(
      ([, r]) => (r as Fn).Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === name,
    );
    if (!found) throw new Error(`no function for ${name}`);
    return found[1] as Fn & { Properties: { Timeout: number } };
  };
  const secretReads = (name: string): Statement[] => {
    const found = resources(fixture, 'AWS::IAM::Policy').find(([id]) => id.startsWith(`${pascal(name)}Role`));
    if (!found) throw new Error(`no policy for ${name}`);
    return (found[1].Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('secretsmanager:')),
    );
  };

  it('creates one secret { apiKey, webhookSecret } with a generated placeholder, never a value', () => {
    const secrets = resources(fixture, 'AWS::SecretsManager::Secret').filter(([id]) =>
      id.startsWith('BillingProviderCredentials'),
    );
    expect(secrets).toHaveLength(1);
    const [, secret] = secrets[0] ?? ['', { Properties: {} }];
    const generate = secret.Properties.GenerateSecretString as {
      SecretStringTemplate: string;
      GenerateStringKey: string;
    };
    expect(JSON.parse(generate.SecretStringTemplate)).toEqual({ apiKey: '', webhookSecret: '' });
    expect(generate.GenerateStringKey).toBe('placeholder');
    expect(secret.Properties).not.toHaveProperty('SecretString');
    expect(JSON.stringify(fixture.toJSON())).not.toMatch(/sk_(test|live)_|whsec_/);
  });

  it('lets the paymentProvider functions read it (GetSecretValue only) and names it in BILLING_SECRET_ID', () => {
    const [secretId] =
      resources(fixture, 'AWS::SecretsManager::Secret').find(([id]) =>
        id.startsWith('BillingProviderCredentials'),
      ) ?? [];
    const [grant, ...more] = secretReads('payments');
    expect(more).toHaveLength(0);
    expect([grant?.Action].flat()).toEqual(['secretsmanager:GetSecretValue']);
    expect(grant?.Resource).toEqual({ Ref: secretId });
    const payments = fixtureFn('payments');
    expect(payments.Properties.Environment.Variables.BILLING_SECRET_ID).toEqual({ Ref: secretId });
    // It waits on the provider: as long as API Gateway waits.
    expect(payments.Properties.Timeout).toBe(29);
    for (const { definition } of services.filter((s) => !s.definition.access.paymentProvider)) {
      expect(
        secretReads(definition.name).filter((s) => JSON.stringify(s.Resource).includes(secretId ?? '-')),
        definition.name,
      ).toEqual([]);
      expect(fixtureFn(definition.name).Properties.Environment.Variables).not.toHaveProperty(
        'BILLING_SECRET_ID',
      );
    }
  });
});

describe('identity access flags (fixture services, -c appUrl / emailFrom)', () => {
  type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
  let fixture: Template;
  let fixtureFn: (name: string) => Fn;
  let statementsOf: (name: string) => Statement[];
  beforeAll(() => {
    const app = new App({
      context: {
        'aws:cdk:disable-asset-staging': true,
        appUrl: 'https://crm.example.org',
        emailFrom: 'hello@mail.example.org',
      },
      stackTraces: false,
      builtinCloudFormationValidation: false,
    });
    const { accounts, ledger, greeter } = identityFixtures;
    fixture = Template.fromStack(buildTestApp({ services: [accounts, ledger, greeter] }, app).functions);
    fixtureFn = (name) => {
      const found = resources(fixture, 'AWS::Lambda::Function').find(
        ([, r]) => (r as Fn).Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === name,
      );
      if (!found) throw new Error(`no function for ${name}`);
      return found[1] as Fn;
    };
    statementsOf = (name) => {
      const found = resources(fixture, 'AWS::IAM::Policy').find(([id]) =>
        id.startsWith(`${name[0]?.toUpperCase()}${name.slice(1)}`),
      );
      if (!found) throw new Error(`no policy for ${name}`);
      return (found[1].Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    };
  }, SYNTH_TIMEOUT);
  const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat()).sort();
  const withAction = (statements: Statement[], action: string) =>
    statements.filter((s) => [s.Action].flat().includes(action));

  it('gives a service with sendsEmail, uploads and userPoolAdmin exactly their variables', () => {
    const vars = fixtureFn('accounts').Properties.Environment.Variables;
    const identity = ['APP_URL', 'MEDIA_BASE_URL', 'EMAIL_FROM', 'UPLOADS_BUCKET', 'USER_POOL_ID'];
    expect(
      Object.keys(vars)
        .filter((k) => identity.includes(k))
        .sort(),
    ).toEqual([...identity].sort());
    expect(vars).toMatchObject({
      APP_URL: 'https://crm.example.org',
      MEDIA_BASE_URL: 'https://crm.example.org/media',
      EMAIL_FROM: 'hello@mail.example.org',
    });
    // Imported by the data stack's fixed export name; the pool id from the auth stack.
    expect(JSON.stringify(vars.UPLOADS_BUCKET)).toContain(
      '"Fn::ImportValue":"SneakerCrm-prod-Data-UploadsBucketName"',
    );
    expect(JSON.stringify(vars.USER_POOL_ID)).toMatch(/Fn::ImportValue.*SneakerCrm-prod-Auth.*UserPool/);
  });

  it('gives a service without them only APP_URL and MEDIA_BASE_URL, and no identity statements', () => {
    const vars = fixtureFn('ledger').Properties.Environment.Variables;
    expect(vars).toMatchObject({
      APP_URL: 'https://crm.example.org',
      MEDIA_BASE_URL: 'https://crm.example.org/media',
    });
    for (const name of ['EMAIL_FROM', 'UPLOADS_BUCKET', 'USER_POOL_ID', 'WS_MANAGEMENT_ENDPOINT'])
      expect(vars).not.toHaveProperty(name);
    const actions = actionsOf(statementsOf('ledger'));
    expect(actions.filter((a) => /^(ses|s3|cognito-idp):/.test(a))).toEqual([]);
  });

  it('grants SES sends on the sender and its domain identity only', () => {
    const [ses, ...more] = withAction(statementsOf('accounts'), 'ses:SendEmail');
    expect(more).toHaveLength(0);
    expect([ses?.Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    const arns = JSON.stringify(ses?.Resource);
    expect(arns).toContain(':identity/mail.example.org"');
    expect(arns).toContain(':identity/hello@mail.example.org"');
    expect(arns).toMatch(
      /"arn:",\{"Ref":"AWS::Partition"\},":ses:",\{"Ref":"AWS::Region"\},":",\{"Ref":"AWS::AccountId"\}/,
    );
    expect(arns).not.toContain('*');
  });

  it('grants Put/GetObject (GetObject covers HeadObject) on avatars/* of the uploads bucket only', () => {
    const [s3, ...more] = withAction(statementsOf('accounts'), 's3:PutObject');
    expect(more).toHaveLength(0);
    expect([s3?.Action].flat().sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    const resource = JSON.stringify(s3?.Resource);
    expect(resource).toContain('{"Fn::ImportValue":"SneakerCrm-prod-Data-UploadsBucketName"},"/avatars/*"');
    expect(actionsOf(statementsOf('accounts')).filter((a) => a.startsWith('s3:'))).toEqual([
      's3:GetObject',
      's3:PutObject',
    ]);
  });

  it('grants AdminGetUser and AdminSetUserPassword on the user pool ARN only', () => {
    const [admin, ...more] = withAction(statementsOf('accounts'), 'cognito-idp:AdminGetUser');
    expect(more).toHaveLength(0);
    expect([admin?.Action].flat().sort()).toEqual([
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminSetUserPassword',
    ]);
    expect(JSON.stringify(admin?.Resource)).toMatch(
      /^\{"Fn::ImportValue":"SneakerCrm-prod-Auth:ExportsOutputFnGetAttUserPool[^"]*Arn[^"]*"\}$/,
    );
    expect(actionsOf(statementsOf('accounts')).filter((a) => a.startsWith('cognito-idp:'))).toHaveLength(2);
  });

  it('gives the demo identity its client id, a generated password by dynamic reference, and four admin actions on the pool', () => {
    const vars = fixtureFn('greeter').Properties.Environment.Variables;
    expect(JSON.stringify(vars.USER_POOL_ID)).toMatch(/Fn::ImportValue.*SneakerCrm-prod-Auth.*UserPool/);
    expect(JSON.stringify(vars.USER_POOL_CLIENT_ID)).toMatch(
      /Fn::ImportValue.*SneakerCrm-prod-Auth.*SpaClient/,
    );
    // Resolved by CloudFormation at deploy time: the value never appears in the template.
    expect(JSON.stringify(vars.DEMO_USER_PASSWORD)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(JSON.stringify(fixture)).not.toMatch(/"DEMO_USER_PASSWORD":"[A-Za-z0-9]{32}"/);
    const [demo, ...more] = withAction(statementsOf('greeter'), 'cognito-idp:AdminInitiateAuth');
    expect(more).toHaveLength(0);
    expect([demo?.Action].flat().sort()).toEqual([
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminInitiateAuth',
      'cognito-idp:AdminSetUserPassword',
    ]);
    expect(JSON.stringify(demo?.Resource)).toMatch(
      /^\{"Fn::ImportValue":"SneakerCrm-prod-Auth:ExportsOutputFnGetAttUserPool[^"]*Arn[^"]*"\}$/,
    );
    // Services without the flag get neither the variables nor the actions.
    const accounts = fixtureFn('accounts').Properties.Environment.Variables;
    expect(accounts).not.toHaveProperty('DEMO_USER_PASSWORD');
    expect(accounts).not.toHaveProperty('USER_POOL_CLIENT_ID');
    expect(withAction(statementsOf('accounts'), 'cognito-idp:AdminInitiateAuth')).toHaveLength(0);
  });
});

describe('bundling options (shared with the benchmark script)', () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'infra-bundle-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('are ESM, minified, node24, with the runtime- and layer-provided packages external and the require shim', () => {
    expect(SERVICE_BUNDLING).toMatchObject({
      target: 'node24',
      minify: true,
      sourceMap: false,
      // The logger and metrics are bundled; what loads only when used stays in the layer (ADR 0018).
      externalModules: [
        '@aws-sdk/*',
        '@aws-lambda-powertools/tracer',
        '@aws-lambda-powertools/tracer/*',
        '@aws-lambda-powertools/batch',
        'aws-xray-sdk-core',
      ],
      banner: ESM_REQUIRE_SHIM,
    });
  });

  it('keep the payment provider SDK out of the billing bundles and build it beside them (ADR 0026)', async () => {
    const billing = services.find((s) => s.definition.name === 'billing');
    if (!billing) throw new Error('billing service missing');
    expect(lazyModulesOf(billing.definition.access)).toEqual(['stripe']);
    const options = serviceBundling(billing.definition.access);
    expect(options.externalModules).toContain('stripe');
    const hook = options.commandHooks?.afterBundling('/in', out) ?? [];
    expect(hook).toEqual([`npx --no-install tsx infra/src/build-lazy-module.ts stripe '${out}'`]);
    // The hook's script, run as NodejsFunction runs it (from the repository root).
    execFileSync(process.execPath, ['--import', 'tsx', 'infra/src/build-lazy-module.ts', 'stripe', out], {
      cwd: join(import.meta.dirname, '../..'),
    });
    const outfile = join(out, 'billing.mjs');
    await esbuild.build(esbuildOptions(billing.entry, outfile, lazyModulesOf(billing.definition.access)));
    const code = readFileSync(outfile, 'utf8');
    expect(code).toContain('import("stripe")');
    expect(code).not.toMatch(/api\.stripe\.com/);
    const sdk = readFileSync(join(out, 'node_modules/stripe/index.mjs'), 'utf8');
    expect(sdk).toMatch(/api\.stripe\.com/);
    const loaded = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { default: S } = await import('stripe'); console.log(typeof new S('sk_test_x').webhooks.constructEvent)",
      ],
      { cwd: out },
    );
    expect(loaded.toString().trim()).toBe('function');
    for (const { definition } of services.filter(
      (s) => !s.definition.access.paymentProvider && !s.definition.access.migrationFiles,
    ))
      expect(serviceBundling(definition.access), definition.name).toBe(SERVICE_BUNDLING);
  });

  it('keep the spreadsheet readers out of the migration bundles, a subpath export included', async () => {
    const worker = services.find((s) => s.definition.name === 'migration-worker');
    if (!worker) throw new Error('migration-worker service missing');
    const lazy = lazyModulesOf(worker.definition.access);
    expect(lazy).toEqual(['papaparse', 'read-excel-file/node']);
    const asset = join(out, 'migration-worker');
    for (const name of lazy)
      execFileSync(process.execPath, ['--import', 'tsx', 'infra/src/build-lazy-module.ts', name, asset], {
        cwd: join(import.meta.dirname, '../..'),
      });
    const outfile = join(asset, 'index.mjs');
    await esbuild.build(esbuildOptions(worker.entry, outfile, lazy));
    const code = readFileSync(outfile, 'utf8');
    expect(code).toContain('import("papaparse")');
    expect(code).toContain('import("read-excel-file/node")');
    // Node resolves both specifiers to the modules beside the bundle, as Lambda will.
    const loaded = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const p = await import('papaparse'); const x = await import('read-excel-file/node'); console.log(typeof p.default.parse, typeof x.default, typeof x.InvalidInputError)",
      ],
      { cwd: asset },
    );
    expect(loaded.toString().trim()).toBe('function function function');
    expect(readFileSync(join(asset, 'node_modules/read-excel-file/package.json'), 'utf8')).toContain(
      '"./node":"./node.mjs"',
    );
  });

  it('bundle a real service entry into a loadable .mjs', async () => {
    const settings = services.find((s) => s.definition.name === 'settings');
    if (!settings) throw new Error('settings service missing');
    const outfile = join(out, 'index.mjs');
    await esbuild.build(esbuildOptions(settings.entry, outfile));
    const code = readFileSync(outfile, 'utf8');
    expect(code.startsWith(ESM_REQUIRE_SHIM)).toBe(true);
    expect(code).not.toMatch(/from\s*"zod"/);
    expect(code).toMatch(/from\s*"@aws-sdk\//);
  });
});

describe('the webhook deliveries queue (docs/adr/0025-outgoing-webhooks.md)', () => {
  it('feeds the sender with partial batch responses, parks our own failures in a DLQ, and names the queue to the fan-out', () => {
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 5 }),
      SqsManagedSseEnabled: true,
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(functionOf('store-api-webhooks').Properties.Environment.Variables.WEBHOOK_QUEUE_URL).toBeDefined();
    expect(policyOf('webhook-sender')).toContain('sqs:ReceiveMessage');
  });
});
