import * as z from 'zod';

/** Environment of every function, validated once at cold start (DESIGN 3.2). */
const envSchema = z.object({
  TABLE_NAME: z.string().min(3),
  EVENT_BUS_NAME: z.string().min(1).default('default'),
  AWS_REGION: z.string().default('eu-west-1'),
  STAGE: z.enum(['local', 'aws']).default('aws'),
  /** Local stand-in endpoints; unset in AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  EVENTS_ENDPOINT: z.url().optional(),
  /** The WebSocket API's management endpoint (set in AWS and locally). */
  WS_MANAGEMENT_ENDPOINT: z.url().optional(),
  ALLOWED_ORIGINS: z.string().default('*'),
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
