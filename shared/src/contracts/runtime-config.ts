import * as z from 'zod/mini';

/**
 * `/config.json`, fetched by the SPA at start-up: the local gateway serves it from the
 * running local cloud, and the web stack writes it next to index.html in AWS.
 */
export const runtimeConfigSchema = z.object({
  stage: z.enum(['local', 'aws']),
  apiBaseUrl: z.string(),
  wsUrl: z.string(),
  region: z.string(),
  cognito: z.object({
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Only locally: cognito-local's endpoint (Amplify's userPoolEndpoint). */
    endpoint: z.optional(z.string()),
  }),
  mailViewerUrl: z.optional(z.string()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
