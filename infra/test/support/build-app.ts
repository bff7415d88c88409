import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { AuthKind, HttpMethod } from '@sneakers/shared/contracts/contract';
import { getSignupSettings } from '@sneakers/shared/contracts/settings';
import {
  defineFunction,
  route,
  type Consumer,
  type Schedule,
  type FunctionDefinition,
} from '@sneakers/shared/runtime/function';
import type { FunctionManifest } from '../../../services/registry';
import { buildSneakerCrm, type SneakerCrm, type SneakerCrmOptions } from '../../src/app';

/** A folder that never exists: the web stack then deploys its placeholder page. */
export const NO_WEB_DIST = fileURLToPath(new URL('../fixtures/no-web-dist', import.meta.url));
/** A tiny "built SPA". */
export const FIXTURE_WEB_DIST = fileURLToPath(new URL('../fixtures/web-dist', import.meta.url));

/** beforeAll budget: one synthesis of the whole app on a slow 2-core machine. */
export const SYNTH_TIMEOUT = 120_000;

/**
 * The whole app as the tests see it: agnostic environment, inline stub code instead of
 * esbuild bundles (the templates are otherwise the same), cdk-nag not registered (the
 * nag test runs the pack itself). Build once per test file.
 */
export function buildTestApp(
  options: SneakerCrmOptions = {},
  app: App = new App({
    // Assets are hashed but not copied into the temporary cloud assembly, and CDK's built-in
    // CloudFormation validation (~3 s a synth) is left to the app test and `npm run synth`.
    context: { 'aws:cdk:disable-asset-staging': true },
    stackTraces: false,
    builtinCloudFormationValidation: false,
  }),
): SneakerCrm & { app: App } {
  const crm = buildSneakerCrm(app, { bundle: false, nag: false, env: {}, webDist: NO_WEB_DIST, ...options });
  return { ...crm, app };
}

/** Every stack's template, synthesized once. */
export function templates(crm: SneakerCrm) {
  return {
    data: Template.fromStack(crm.data),
    auth: Template.fromStack(crm.auth),
    realtime: Template.fromStack(crm.realtime),
    services: Template.fromStack(crm.functions),
    api: Template.fromStack(crm.api),
    events: Template.fromStack(crm.events),
    web: Template.fromStack(crm.web),
    observability: Template.fromStack(crm.observability),
  };
}

/** A fake service definition for fixture tests (never added to the registry). */
export function fixtureService(spec: {
  name: string;
  routes?: { id: string; method: HttpMethod; path: string; auth: AuthKind; rawBody?: boolean }[];
  consumers?: { id: string; detailTypes: string[] }[];
  schedules?: { id: string; expression: string }[];
  access?: FunctionDefinition['access'];
  /** Answer Cognito's PreSignUp trigger (auto-confirms nobody). */
  preSignUp?: boolean;
}): FunctionManifest {
  const noop = async () => {};
  const definition = defineFunction({
    name: spec.name,
    // Any real contract's schemas will do: only id, method, path and auth matter to CDK.
    routes: (spec.routes ?? []).map((r) =>
      route({ ...getSignupSettings, ...r }, () => Promise.reject(new Error('fixture'))),
    ),
    consumers: (spec.consumers ?? []).map((c): Consumer => ({ ...c, handle: noop })),
    schedules: (spec.schedules ?? []).map((s): Schedule => ({ ...s, handle: noop })),
    access: spec.access ?? { table: 'read' },
    ...(spec.preSignUp
      ? {
          cognitoTriggers: {
            preSignUp: () => Promise.resolve({ autoConfirmUser: false, autoVerifyEmail: false }),
          },
        }
      : {}),
  });
  return { definition, entry: fileURLToPath(new URL('../fixtures/handler.ts', import.meta.url)) };
}

/** Resources of a type as `[logicalId, resource]` pairs. */
export function resources(
  template: Template,
  type: string,
): [string, { Properties: Record<string, unknown> }][] {
  return Object.entries(template.findResources(type)) as [string, { Properties: Record<string, unknown> }][];
}

/** The identity fixtures: a service with every identity access flag, and one with none. */
export const identityFixtures = {
  /** sendsEmail + uploads + userPoolAdmin, like the profiles service. */
  accounts: fixtureService({
    name: 'accounts',
    routes: [{ id: 'accounts.me', method: 'GET', path: '/api/accounts/me', auth: 'user' }],
    access: { table: 'readWrite', sendsEmail: true, uploads: true, userPoolAdmin: true },
  }),
  /** Signs in the read-only Try Demo user (like the profiles service). */
  greeter: fixtureService({
    name: 'greeter',
    routes: [{ id: 'greeter.session', method: 'POST', path: '/api/greeter/session', auth: 'public' }],
    access: { table: 'readWrite', demoIdentity: true },
  }),
  /** No identity flags: must get none of their variables or statements. */
  ledger: fixtureService({ name: 'ledger', access: { table: 'read' } }),
  /** Answers the PreSignUp trigger (like settings). */
  gate: fixtureService({ name: 'gate', access: { table: 'readWrite' }, preSignUp: true }),
};

/**
 * Like the billing service: the payment provider's credentials (`paymentProvider`) and its
 * public, signature-only webhook route (a `rawBody` contract).
 */
export const billingFixture = fixtureService({
  name: 'payments',
  routes: [
    {
      id: 'payments.webhook',
      method: 'POST',
      path: '/api/fixture-billing/webhook',
      auth: 'public',
      rawBody: true,
    },
    { id: 'payments.summary', method: 'GET', path: '/api/fixture-billing', auth: 'user' },
  ],
  access: { table: 'readWrite', publishesEvents: true, paymentProvider: true },
});
