import type { App, Environment } from 'aws-cdk-lib';

/** Deployment-wide settings, read once from CDK context and the CLI's environment. */
export interface AppSettings {
  /** `-c stage=...`, default `prod`: names stacks, the bus and the WebSocket stage. */
  stage: string;
  /** Comma-separated origins for CORS (`-c allowedOrigins=...`), default `*`. */
  allowedOrigins: string[];
  /** Account/region from the CLI when known; otherwise environment-agnostic stacks. */
  env: Environment;
}

export const APP_NAME = 'sneaker-crm';
export const METRICS_NAMESPACE = 'SneakerCrm';

export function readSettings(app: App): AppSettings {
  const stage = String(app.node.tryGetContext('stage') ?? 'prod');
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context "stage" must be lowercase letters, digits and dashes (got "${stage}")`);
  }
  const origins = String(app.node.tryGetContext('allowedOrigins') ?? '*')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  return {
    stage,
    allowedOrigins: origins.length > 0 ? origins : ['*'],
    env: { ...(account ? { account } : {}), ...(region ? { region } : {}) },
  };
}

/** The bus name is fixed so functions can be granted PutEvents without a cross-stack reference. */
export function eventBusName(stage: string): string {
  return `${APP_NAME}-${stage}`;
}
