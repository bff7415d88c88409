import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@sneakers/shared/contracts/runtime-config';
import type { WebStack } from '../src/stacks/web-stack';
import { buildTestApp, FIXTURE_WEB_DIST, resources, SYNTH_TIMEOUT } from './support/build-app';

let web: WebStack;
let template: Template;
beforeAll(() => {
  web = buildTestApp().web;
  template = Template.fromStack(web);
}, SYNTH_TIMEOUT);

type Dist = { Properties: { DistributionConfig: Record<string, unknown> } };
const distribution = () =>
  (resources(template, 'AWS::CloudFront::Distribution') as [string, Dist][])[0]?.[1].Properties
    .DistributionConfig ?? {};

describe('web stack', () => {
  it('keeps the site bucket private, TLS-only and access-logged, reachable only through OAC', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'site/' },
    });
    // One for the site bucket, one for the uploads bucket (/media/*).
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    template.allResourcesProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    const policy = JSON.stringify(
      resources(template, 'AWS::S3::BucketPolicy').find(([id]) => id.startsWith('Site'))?.[1],
    );
    expect(policy).toContain('cloudfront.amazonaws.com');
    expect(policy).toContain('"aws:SecureTransport":"false"');
    expect(policy).not.toContain('"Principal":"*","Action":"s3:GetObject"');
  });

  it('serves index.html at the root and for client-side routes, without hiding API errors', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    // No distribution-wide 403/404 → index.html: that would turn API 403/404 JSON into HTML 200.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(JSON.stringify(config.DefaultCacheBehavior)).toContain('viewer-request');
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("'/index.html'"),
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('rewrites client-side routes to their HTML entry: shared lists to share.html, the API reference to its page', () => {
    const fn = resources(template, 'AWS::CloudFront::Function')
      .map(([, r]) => (r as { Properties: { FunctionCode: string } }).Properties.FunctionCode)
      .find((code) => code.includes('/share.html'));
    expect(fn).toBeDefined();
    // The function's own source, run as CloudFront would (a global `handler`).
    const handler = new Function(`${fn!}; return handler;`)() as (e: { request: { uri: string } }) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/share/u-1/wtb')).toBe('/share.html');
    expect(rewrite('/share/u-1/wtb/')).toBe('/share.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/share/u-1')).toBe('/index.html');
    expect(rewrite('/api-reference')).toBe('/api-reference.html');
    expect(rewrite('/api-reference/')).toBe('/api-reference.html');
    expect(rewrite('/api-reference/x')).toBe('/index.html');
    expect(rewrite('/assets/app-1.js')).toBe('/assets/app-1.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/store/s-1/checkout/c-1')).toBe('/store.html');
    expect(rewrite('/store/notify/confirm')).toBe('/store.html');
  });

  it('sends /api/* and the store API’s /v1/* to the HTTP API uncached with every viewer header except Host', () => {
    const behaviors = distribution().CacheBehaviors as Record<string, unknown>[];
    expect(behaviors.map((b) => b.PathPattern)).toEqual([
      '/api/*',
      '/v1/*',
      '/store/notify/*',
      '/store/*/checkout/*',
      '/store/*',
      '/media/*',
    ]);
    for (const [index, pattern] of ['/api/*', '/v1/*'].entries())
      expect(behaviors[index]).toMatchObject({
        PathPattern: pattern,
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
        ViewerProtocolPolicy: 'https-only',
      });
  });

  it('serves the online store’s pages from the HTTP API, cached as it says, and its client routes from store.html', () => {
    const behaviors = distribution().CacheBehaviors as Record<string, unknown>[];
    expect(behaviors.find((b) => b.PathPattern === '/store/*')).toMatchObject({
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'https-only',
    });
    const api = behaviors.find((b) => b.PathPattern === '/api/*');
    const pages = behaviors.find((b) => b.PathPattern === '/store/*');
    expect(pages?.TargetOriginId).toBe(api?.TargetOriginId);
    for (const pattern of ['/store/notify/*', '/store/*/checkout/*']) {
      const client = behaviors.find((b) => b.PathPattern === pattern);
      expect(client?.TargetOriginId).not.toBe(api?.TargetOriginId);
      expect(client?.FunctionAssociations).toEqual([
        expect.objectContaining({ EventType: 'viewer-request' }),
      ]);
    }
  });

  it('serves /media/* read-only and cached from the uploads bucket through OAC, without the /media prefix', () => {
    const config = distribution();
    const media = (config.CacheBehaviors as Record<string, unknown>[]).find(
      (b) => b.PathPattern === '/media/*',
    );
    expect(media).toMatchObject({
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
    });
    const origin = (config.Origins as Record<string, unknown>[]).find((o) => o.Id === media?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toMatch(/SneakerCrm-prod-Data:.*Uploads.*RegionalDomainName/);
    expect(origin).toMatchObject({
      OriginAccessControlId: expect.anything(),
      S3OriginConfig: { OriginAccessIdentity: '' },
    });
    expect(origin).not.toHaveProperty('OriginPath');

    // The viewer-request function turns /media/avatars/x.png into avatars/x.png.
    const [fnId] = (media?.FunctionAssociations as { FunctionARN: { 'Fn::GetAtt': string[] } }[])[0]
      ?.FunctionARN['Fn::GetAtt'] ?? [''];
    const code = (
      template.findResources('AWS::CloudFront::Function')[fnId ?? ''] as {
        Properties: { FunctionCode: string };
      }
    ).Properties.FunctionCode;
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => {
      uri: string;
    };
    expect(handler({ request: { uri: '/media/avatars/u1/17.png' } }).uri).toBe('/avatars/u1/17.png');

    // This stack never writes the data stack's bucket policy (that would be a cycle).
    expect(
      Object.keys(template.findResources('AWS::S3::BucketPolicy')).some((id) => id.startsWith('Uploads')),
    ).toBe(false);
  });

  it('adds security headers: HSTS, nosniff, DENY framing, referrer policy and a CSP naming API, WS and Cognito', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true, Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      },
    });
    const csp = JSON.stringify(resources(template, 'AWS::CloudFront::ResponseHeadersPolicy')[0]?.[1]);
    expect(csp).toContain("default-src 'self'");
    // The WebSocket API's own endpoint (wss://{id}.execute-api…), imported from the realtime stack.
    expect(csp).toMatch(/connect-src 'self' ",\{"Fn::ImportValue":"[^"]*WebSocketApi[^"]*ApiEndpoint/);
    expect(csp).toContain('https://cognito-idp.');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('deploys /config.json for the SPA (same-origin API, WS URL, Cognito ids) and invalidates the cache', () => {
    const config = runtimeConfigSchema.parse(web.runtimeConfig);
    expect(config).toMatchObject({ stage: 'aws', apiBaseUrl: '' });
    const deployments = resources(template, 'Custom::CDKBucketDeployment').map(([, r]) => JSON.stringify(r));
    const configDeployment = deployments.find((d) => d.includes('UserPoolSpaClient'));
    expect(configDeployment).toContain('WebSocketApi');
    expect(configDeployment).toContain('"Prune":false');
    expect(configDeployment).toContain('no-cache');
    // The SPA deployment prunes old assets but leaves config.json alone.
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      Prune: true,
      Exclude: ['config.json'],
    });
  });

  it('deploys a placeholder page when web/dist is missing, and the build when it exists', () => {
    expect(web.spaBuilt).toBe(false);
    const built = buildTestApp({ webDist: FIXTURE_WEB_DIST }).web;
    expect(built.spaBuilt).toBe(true);
  });
});
