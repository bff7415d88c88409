import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { LOCAL_NAMES } from './names';

/**
 * A Secrets Manager stand-in for the local cloud: the AWS JSON 1.1 protocol the SDK speaks
 * (`POST /` with `X-Amz-Target: secretsmanager.<Operation>`), answering GetSecretValue for
 * the secrets it was started with and ResourceNotFoundException otherwise. Functions read
 * the marketplace credentials through the real SDK client, exactly as in AWS.
 */

const ACCOUNT = '000000000000';
const CONTENT_TYPE = 'application/x-amz-json-1.1';

export interface SecretsManagerOptions {
  port: number;
  /** Secret name → SecretString. */
  secrets: Record<string, string>;
}

export interface LocalSecretsManager {
  url: string;
  port: number;
  server: Server;
  close: () => Promise<void>;
}

function arnOf(name: string): string {
  // AWS appends six random characters; a fixed suffix keeps the local ARN stable.
  return `arn:aws:secretsmanager:${LOCAL_NAMES.region}:${ACCOUNT}:secret:${name}-local0`;
}

function send(res: ServerResponse, status: number, body: unknown, errorType?: string) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': CONTENT_TYPE,
    'content-length': Buffer.byteLength(text),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
}

function fail(res: ServerResponse, status: number, type: string, message: string) {
  send(res, status, { __type: type, message }, type);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

export function createSecretsHandler(secrets: Record<string, string>) {
  const created = Math.floor(Date.now() / 1000);
  const byId = new Map<string, string>();
  for (const name of Object.keys(secrets)) {
    byId.set(name, name);
    byId.set(arnOf(name), name);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST')
      return fail(res, 400, 'InvalidRequestException', 'Secrets Manager takes POST requests.');
    const target = String(req.headers['x-amz-target'] ?? '');
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return fail(res, 400, 'SerializationException', 'The request body is not JSON.');
    }
    if (target !== 'secretsmanager.GetSecretValue')
      return fail(
        res,
        400,
        'UnknownOperationException',
        `The local Secrets Manager does not support ${target || 'this operation'}.`,
      );
    const secretId = body && typeof body === 'object' && 'SecretId' in body ? body.SecretId : undefined;
    if (typeof secretId !== 'string' || !secretId)
      return fail(res, 400, 'InvalidParameterException', 'SecretId is required.');
    const name = byId.get(secretId);
    const value = name === undefined ? undefined : secrets[name];
    if (name === undefined || value === undefined)
      return fail(res, 400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    return send(res, 200, {
      ARN: arnOf(name),
      Name: name,
      SecretString: value,
      VersionId: '00000000-0000-4000-8000-000000000001',
      VersionStages: ['AWSCURRENT'],
      CreatedDate: created,
    });
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) fail(res, 500, 'InternalServiceError', 'The local Secrets Manager failed.');
      else res.destroy();
    });
  };
}

export async function startSecretsManager(options: SecretsManagerOptions): Promise<LocalSecretsManager> {
  const server = createServer(createSecretsHandler(options.secrets));
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
