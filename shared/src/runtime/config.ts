import * as z from 'zod/mini';

/** Environment of every function, validated once at cold start (docs/architecture.md#32-zod-at-every-edge). */
const envSchema = z.object({
  TABLE_NAME: z.string().check(z.minLength(3)),
  EVENT_BUS_NAME: z._default(z.string().check(z.minLength(1)), 'default'),
  AWS_REGION: z._default(z.string(), 'eu-west-1'),
  STAGE: z._default(z.enum(['local', 'aws']), 'aws'),
  /** Local stand-in endpoints; unset in AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  EVENTS_ENDPOINT: z.optional(z.url()),
  /** The WebSocket API's management endpoint (set in AWS and locally). */
  WS_MANAGEMENT_ENDPOINT: z.optional(z.url()),
  ALLOWED_ORIGINS: z._default(z.string(), '*'),
  /** The SPA's origin, for links in emails (e.g. https://app.example.com). */
  APP_URL: z.optional(z.url()),
  EMAIL_FROM: z.optional(z.string()),
  UPLOADS_BUCKET: z.optional(z.string()),
  /** Public base URL of uploaded media (CloudFront `/media`, or the S3 emulator locally). */
  MEDIA_BASE_URL: z.optional(z.url()),
  USER_POOL_ID: z.optional(z.string()),
  /** The SPA's app client: Try Demo signs the demo user in through it (AdminInitiateAuth). */
  USER_POOL_CLIENT_ID: z.optional(z.string()),
  /** Password of the read-only demo user; the profiles service provisions the user with it. */
  DEMO_USER_PASSWORD: z.optional(z.string().check(z.minLength(12))),
  SES_ENDPOINT: z.optional(z.url()),
  S3_ENDPOINT: z.optional(z.url()),
  COGNITO_ENDPOINT: z.optional(z.url()),
  /**
   * How long a container trusts its cached flags, rules and users' grants before reading
   * them again (docs/adr/0010). Unset in AWS (15 s); tests shorten it to see a change soon.
   */
  FEATURE_CACHE_TTL_MS: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(300_000))),
  /** Bucket holding the catalogue search index snapshots (docs/adr/0011). */
  CATALOG_INDEX_BUCKET: z.optional(z.string()),
  /** How often a search container checks the index manifest for a newer snapshot (default 2 s). */
  CATALOG_INDEX_CHECK_MS: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(300_000))),
  /** The marketplace API (StockX-v2-shaped) and its OAuth token endpoint; the emulator locally. */
  MARKETPLACE_API_URL: z.optional(z.url()),
  MARKETPLACE_AUTH_URL: z.optional(z.url()),
  /** Secrets Manager secret holding `{ apiKey, clientId, clientSecret }` for the marketplace. */
  MARKETPLACE_SECRET_ID: z.optional(z.string()),
  /** Local stand-in for Secrets Manager; unset in AWS. */
  SECRETS_ENDPOINT: z.optional(z.url()),
  /** The release calendar the scraper reads (first page; it follows the pagination). */
  RELEASES_SOURCE_URL: z.optional(z.url()),
  /** Secrets Manager secret holding `{ apiKey, webhookSecret }` for the payment provider (Stripe). */
  BILLING_SECRET_ID: z.optional(z.string()),
  /** The payment provider stand-in's base URL (localstack/src/stripe); unset in AWS (api.stripe.com). */
  STRIPE_API_URL: z.optional(z.url()),
  /**
   * 'true' only in the integration suites: each new customer gets its own test clock at the
   * provider, frozen until a test advances it (Stripe test mode supports the same).
   */
  BILLING_TEST_CLOCKS: z._default(z.enum(['true', 'false']), 'false'),
  /**
   * The account closure's grace period in ms (docs/product/accounts.md#closing-the-account);
   * unset in AWS (ACCOUNT_CLOSURE_GRACE_DAYS). The tests and e2e journeys shorten it.
   */
  ACCOUNT_CLOSURE_GRACE_MS: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  /**
   * How old an import job's heartbeat may get before the stale-imports schedule re-queues it
   * (docs/product/migration-tools.md#the-import-job); unset in AWS (HEARTBEAT_STALE_MS). The
   * integration suites shorten it to see a killed worker's job recovered.
   */
  MIGRATION_HEARTBEAT_STALE_MS: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  /** Local stand-in for the Lambda Invoke API (functions calling functions); unset in AWS. */
  LAMBDA_ENDPOINT: z.optional(z.url()),
});

export type RuntimeEnv = z.infer<typeof envSchema>;

let cached: RuntimeEnv | undefined;

export function runtimeEnv(): RuntimeEnv {
  cached ??= envSchema.parse(process.env);
  return cached;
}

/** Tests and the local cloud change the environment; this drops the cached copy. */
export function resetRuntimeEnv(): void {
  cached = undefined;
}

/** Credentials are irrelevant to the local stand-ins but the SDK insists on some. */
export function localClientConfig(endpoint: string | undefined) {
  if (!endpoint) return {};
  return { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
}
