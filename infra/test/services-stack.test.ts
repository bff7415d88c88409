import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../services/registry';
import { ESM_REQUIRE_SHIM, SERVICE_BUNDLING, esbuildOptions } from '../src/bundling';
import { buildTestApp, resources, SYNTH_TIMEOUT } from './support/build-app';

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
const policyOf = (name: string): string => {
  const found = resources(template, 'AWS::IAM::Policy').find(([id]) =>
    id.toLowerCase().startsWith(name.toLowerCase()),
  );
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
      });
      expect(vars.TABLE_NAME).toBeDefined();
      const socket = definition.access.managesConnections === true || definition.websocket !== undefined;
      expect('WS_MANAGEMENT_ENDPOINT' in vars, definition.name).toBe(socket);
    }
  });

  it('grants table access as declared, on the table and its named GSIs only, never Scan', () => {
    for (const { definition } of services) {
      const policy = policyOf(definition.name);
      expect(policy).toContain('dynamodb:Query');
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
      externalModules: ['@aws-sdk/*', '@aws-lambda-powertools/*', 'aws-xray-sdk-core'],
      banner: ESM_REQUIRE_SHIM,
    });
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
