import type { App, Environment } from 'aws-cdk-lib';

/** Deployment-wide settings, read once from CDK context and the CLI's environment. */
export interface AppSettings {
  /** `-c stage=...`, default `prod`: names stacks, the bus and the WebSocket stage. */
  stage: string;
  /** Comma-separated origins for CORS (`-c allowedOrigins=...`), default `*`. */
  allowedOrigins: string[];
  /** Account/region from the CLI when known; otherwise environment-agnostic stacks. */
  env: Environment;
  /** `-c appUrl=https://…`: the SPA's public origin (links in emails, `MEDIA_BASE_URL`). */
  appUrl: string;
  /** `-c emailFrom=…`, default `no-reply@<appUrl host>`: the sender of service emails. */
  emailFrom: string;
  /** The domain of `emailFrom`: its SES identity must be verified in the account. */
  emailDomain: string;
  /**
   * `-c releasesSourceUrl=https://…`: the release calendar the scheduled scraper reads
   * (RELEASES_SOURCE_URL; its first page, the scraper follows the pagination).
   */
  releasesSourceUrl: string;
}

/** Until `-c appUrl=…` is given: an obviously unusable origin, never a real one. */
export const DEFAULT_APP_URL = 'https://app.example.com';

/** The release calendar read when `-c releasesSourceUrl` is not given. */
export const DEFAULT_RELEASES_SOURCE_URL = 'https://stockx.com/release-calendar';
/** The marketplace API (StockX v2) and its OAuth token endpoint (MARKETPLACE_API_URL, MARKETPLACE_AUTH_URL). */
export const MARKETPLACE_API_URL = 'https://api.stockx.com';
export const MARKETPLACE_AUTH_URL = 'https://accounts.stockx.com/oauth/token';

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
  const appUrl = readAppUrl(app.node.tryGetContext('appUrl'));
  const emailFrom = String(
    app.node.tryGetContext('emailFrom') ?? `no-reply@${new URL(appUrl).hostname}`,
  ).trim();
  const email = /^[^\s@<>]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(emailFrom);
  if (!email?.[1]) {
    throw new Error(
      `Context "emailFrom" must be a plain address like no-reply@example.com (got "${emailFrom}")`,
    );
  }
  const releasesSourceUrl = readHttpsUrl(
    'releasesSourceUrl',
    app.node.tryGetContext('releasesSourceUrl') ?? DEFAULT_RELEASES_SOURCE_URL,
  );
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  return {
    stage,
    allowedOrigins: origins.length > 0 ? origins : ['*'],
    env: { ...(account ? { account } : {}), ...(region ? { region } : {}) },
    appUrl,
    emailFrom,
    emailDomain: email[1].toLowerCase(),
    releasesSourceUrl,
  };
}

/** An absolute https URL (path and query allowed). */
function readHttpsUrl(name: string, value: unknown): string {
  const raw = String(value).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Context "${name}" must be an absolute https URL (got "${raw}")`);
  }
  if (url.protocol !== 'https:' || url.username || url.password) {
    throw new Error(`Context "${name}" must be an absolute https URL (got "${raw}")`);
  }
  return url.href;
}

/** An https origin without path, query or trailing slash (`https://app.example.com`). */
function readAppUrl(value: unknown): string {
  const raw = String(value ?? DEFAULT_APP_URL).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Context "appUrl" must be an absolute https URL (got "${raw}")`);
  }
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`Context "appUrl" must be an https origin without path or query (got "${raw}")`);
  }
  return url.origin;
}

/** The bus name is fixed so functions can be granted PutEvents without a cross-stack reference. */
export function eventBusName(stage: string): string {
  return `${APP_NAME}-${stage}`;
}

/** The distribution path that serves the uploads bucket (`/media/avatars/x.png` → `avatars/x.png`). */
export const MEDIA_PATH = '/media';
/** The key prefix of the uploads bucket that functions write and CloudFront reads: avatars. */
export const AVATAR_KEY_PREFIX = 'avatars/';
/** Catalogue product images (the demo catalogue's, or copies an import stores), read by CloudFront. */
export const PRODUCT_IMAGE_KEY_PREFIX = 'catalog/';

/** The only key prefix of the catalogue index bucket (snapshots, ADR 0011). */
export const CATALOG_INDEX_KEY_PREFIX = 'catalog-index/';
/** Days a search index snapshot is kept: it is derived data, rebuilt from the table when missing. */
export const CATALOG_SNAPSHOT_DAYS = 30;
/**
 * Memory of a `searchIndex` service's Lambda. Lambda gives CPU in proportion to memory
 * (about one vCPU at 1769 MB), and loading a snapshot (gunzip, decode) and searching 100,000
 * products in memory are CPU-bound: 512 MB would make the cold load and each search several
 * times slower. It also leaves room for two indexes at once while a newer snapshot loads
 * beside the one still serving, with headroom for the 250,000-product path (ADR 0011).
 */
export const SEARCH_INDEX_MEMORY_MB = 1536;

/** `MEDIA_BASE_URL`: where uploaded media is served, derived from the app URL, not the distribution. */
export function mediaBaseUrl(appUrl: string): string {
  return `${appUrl}${MEDIA_PATH}`;
}
