import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import {
  API_REFERENCE_PATH_PATTERN,
  SHARE_PATH_PATTERN,
  STORE_PATH_PATTERN,
} from '@sneakers/shared/web/html-entry';
import { LogsBucket, privateBucketProps } from '../constructs/logs-bucket';
import { acknowledge, acknowledgeCdkHandlerPolicy } from '../nag';
import { MEDIA_PATH } from '../settings';

/** The SPA's build output (`npm run build:web`). */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface WebStackProps extends StackProps {
  /** `abc.execute-api.region.amazonaws.com`, the `/api/*` origin. */
  apiDomainName: string;
  /** `wss://…/{stage}`: what the SPA connects to (config.json). */
  webSocketUrl: string;
  /** `wss://…` without the stage path: the CSP connect-src entry. */
  webSocketOrigin: string;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /**
   * Where presigned uploads go (CSP connect-src / img-src), and the origin of `/media/*`.
   * Its bucket policy (data stack) lets CloudFront read `avatars/*`.
   */
  uploadsBucket: s3.IBucket;
  /** Override of the SPA build folder (tests point it at a fixture or a missing path). */
  webDist?: string;
}

/**
 * Client-side routes: anything without a file extension is the SPA's index.html, or
 * share.html for a shared list, api-reference.html for the store API's reference, store.html
 * for the online store's client routes (`htmlEntryFor` in @sneakers/shared/web/html-entry). Done in
 * a viewer-request function rather than distribution-wide 403/404 error pages, so an
 * API 403/404 under /api/* still reaches the client as the API's JSON error.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1)
    request.uri = ${API_REFERENCE_PATH_PATTERN.toString()}.test(request.uri)
      ? '/api-reference.html'
      : ${STORE_PATH_PATTERN.toString()}.test(request.uri)
        ? '/store.html'
        : ${SHARE_PATH_PATTERN.toString()}.test(request.uri) ? '/share.html' : '/index.html';
  return request;
}`;

/**
 * `/media/avatars/x.png` → `avatars/x.png` in the uploads bucket (an origin path can only
 * add a prefix, not remove one). The behaviour's pattern guarantees the prefix.
 */
export const MEDIA_STRIP_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring(${MEDIA_PATH.length});
  return request;
}`;

const PLACEHOLDER_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sneaker CRM</title></head>
<body><p>The web app was not built when this stack was synthesized. Run <code>npm run build:web</code>, then deploy again.</p></body></html>`;

/** The SPA: private bucket behind CloudFront (OAC), `/api/*` to the HTTP API, config.json. */
export class WebStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** Whether a built SPA was found at synth time (otherwise a placeholder page is deployed). */
  readonly spaBuilt: boolean;
  /** What `/config.json` holds (tokens resolve at deploy time). */
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const logs = new LogsBucket(this, 'AccessLogs', { allowAcls: true }).bucket;

    this.bucket = new s3.Bucket(this, 'Site', {
      ...privateBucketProps(logs, 'site/'),
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const region = this.region;
    const cognitoEndpoints = [
      `https://cognito-idp.${region}.amazonaws.com`,
      `https://cognito-identity.${region}.amazonaws.com`,
    ];
    const uploads = `https://${props.uploadsBucket.bucketRegionalDomainName}`;
    const csp = [
      "default-src 'self'",
      // WebAssembly compiles only with 'wasm-unsafe-eval' (no eval of scripts): store mode's
      // barcode reader on browsers without a native BarcodeDetector (docs/product/store-mode.md#scanning).
      "script-src 'self' 'wasm-unsafe-eval'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${uploads}`,
      "font-src 'self' data:",
      `connect-src 'self' ${props.webSocketOrigin} ${cognitoEndpoints.join(' ')} ${uploads}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; ');

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'SPA and API security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Client-side routes serve /index.html',
    });

    const mediaStrip = new cloudfront.Function(this, 'MediaStripPrefix', {
      code: cloudfront.FunctionCode.fromInline(MEDIA_STRIP_PREFIX),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: `${MEDIA_PATH}/* reads the uploads bucket without the ${MEDIA_PATH} prefix`,
    });
    // Referenced by name, not as the data stack's Bucket: the OAC origin would otherwise add
    // the distribution's ARN to that stack's bucket policy (data → web → data cycle). The
    // data stack grants CloudFront read on avatars/* itself.
    const uploadsBucket = s3.Bucket.fromBucketAttributes(this, 'Uploads', {
      bucketName: props.uploadsBucket.bucketName,
      bucketRegionalDomainName: props.uploadsBucket.bucketRegionalDomainName,
    });

    /** The HTTP API: every header but Host passes (the token, `x-api-key`), nothing cached. */
    const api: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(props.apiDomainName, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };
    // One origin (and one access control) for the site bucket, shared by the behaviours that read it.
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    /**
     * The online store's pages for crawlers and link previews (the storefront, product pages,
     * the sitemap: services/storefront/src/pages) come from the HTTP API, cached as the API's
     * `cache-control` says (s-maxage 300); query strings and cookies are not in the key.
     */
    const storePages: cloudfront.BehaviorOptions = {
      ...api,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      compress: true,
    };
    /** The online store's client routes (checkout return, notify-me pages): store.html from the bucket. */
    const storeClientRoutes: cloudfront.BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers,
      compress: true,
      functionAssociations: [
        { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      ],
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Sneaker CRM SPA (${this.stackName})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': api,
        // The store API integrators call with a key, and its OpenAPI document
        // (docs/adr/0024-openapi-and-the-reference-page.md): same origin, same HTTP API.
        '/v1/*': api,
        // Listed before `/store/*`: CloudFront takes the first pattern that matches.
        '/store/notify/*': storeClientRoutes,
        '/store/*/checkout/*': storeClientRoutes,
        '/store/*': storePages,
        [`${MEDIA_PATH}/*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(uploadsBucket, {
            originAccessLevels: [cloudfront.AccessLevel.READ],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
          functionAssociations: [
            { function: mediaStrip, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The uploads bucket policy (data stack) grants CloudFront read on avatars/* for this account',
    );

    const config: RuntimeConfig = (this.runtimeConfig = {
      stage: 'aws',
      apiBaseUrl: '',
      wsUrl: props.webSocketUrl,
      region,
      cognito: {
        userPoolId: props.userPool.userPoolId,
        userPoolClientId: props.userPoolClient.userPoolClientId,
      },
    });
    const dist = props.webDist ?? WEB_DIST;
    this.spaBuilt = existsSync(join(dist, 'index.html'));
    const spa = new s3deploy.BucketDeployment(this, 'DeploySpa', {
      destinationBucket: this.bucket,
      sources: [
        this.spaBuilt ? s3deploy.Source.asset(dist) : s3deploy.Source.data('index.html', PLACEHOLDER_HTML),
      ],
      // Pruning must not delete the config written by the deployment below.
      exclude: ['config.json'],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // Revalidated on every load (index.html preloads it), so a redeploy is seen at once.
    const configDeployment = new s3deploy.BucketDeployment(this, 'DeployConfig', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.jsonData('config.json', config)],
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      contentType: 'application/json',
      distribution: this.distribution,
      distributionPaths: ['/config.json'],
      memoryLimit: 512, // same as above: one shared deployment function
    });
    configDeployment.node.addDependency(spa);

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'A trading CRM sold worldwide: no country is excluded, so there is no geo restriction to apply.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'WAF (a web ACL must live in us-east-1) is left to the deploying account; API Gateway throttling and Cognito protect the origins.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the TLS policy; a custom domain would set TLSv1.2_2021.',
    );
    this.acknowledgeBucketDeploymentHandler();
  }

  /** The BucketDeployment's singleton Lambda is CDK's own code, not ours. */
  private acknowledgeBucketDeploymentHandler(): void {
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      acknowledge(
        child,
        'AwsSolutions-L1',
        "CDK's BucketDeployment handler pins its own Python runtime; it only runs at deploy time.",
      );
      acknowledge(
        child,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "CDK's BucketDeployment handler role uses the AWS-managed basic execution policy (CloudWatch Logs only).",
      );
      const policy = child.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
      if (policy instanceof iam.Policy) {
        acknowledgeCdkHandlerPolicy(
          policy,
          "CDK's BucketDeployment handler copies the build from the CDK asset bucket into the site bucket; CDK writes these object-level grants.",
        );
      }
    }
  }
}
