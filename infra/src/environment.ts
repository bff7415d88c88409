import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { mediaBaseUrl, METRICS_NAMESPACE } from './settings';

export interface BaseEnvironmentInput {
  definition: FunctionDefinition;
  tableName: string;
  eventBusName: string;
  allowedOrigins: readonly string[];
  /** The SPA's origin (`-c appUrl=…`); never the distribution's domain (that would be a cycle). */
  appUrl: string;
}

/**
 * What every function of a service gets (shared/src/runtime/config.ts), in whichever stack
 * it lives. The local-only endpoints (`*_ENDPOINT` but the WebSocket one) are never set in AWS;
 * access-specific variables (EMAIL_FROM, UPLOADS_BUCKET, USER_POOL_ID, WS_MANAGEMENT_ENDPOINT)
 * are added by the stack that grants the matching permission.
 */
export function baseEnvironment(input: BaseEnvironmentInput): Record<string, string> {
  return {
    TABLE_NAME: input.tableName,
    EVENT_BUS_NAME: input.eventBusName,
    STAGE: 'aws',
    ALLOWED_ORIGINS: input.allowedOrigins.join(','),
    APP_URL: input.appUrl,
    MEDIA_BASE_URL: mediaBaseUrl(input.appUrl),
    POWERTOOLS_SERVICE_NAME: input.definition.name,
    POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    POWERTOOLS_LOG_LEVEL: 'INFO',
    // Lambda's active tracing records every invocation; the X-Ray SDK's handler segments cost
    // about half a bare cold start, so they are switched on per function when needed (ADR 0018).
    POWERTOOLS_TRACE_ENABLED: 'false',
  };
}
