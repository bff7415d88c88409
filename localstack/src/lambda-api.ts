import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LoadedService } from './lambda';

/**
 * A minimal Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`) over the
 * in-process services, for cognito-local's triggers (an AWS SDK v2 client configured from its
 * config.json), functions calling functions, and the table stream's dispatcher handing a
 * stream handler its records (a DynamoDB stream event, docs/adr/0029). A function is named
 * after its service (an ARN's last segment names it too). A
 * handler that throws answers as Lambda does: 200 with `X-Amz-Function-Error: Unhandled`
 * and `{ errorMessage, errorType }`, which cognito-local turns into
 * UserLambdaValidationException with the message.
 */
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  // Serialised first: a result JSON cannot represent throws before anything is sent.
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** Lambda's answer to a request it cannot read (`x-amzn-errortype` names the SDK error). */
function badRequest(res: ServerResponse, message: string) {
  reply(res, 400, { Type: 'User', message }, { 'x-amzn-errortype': 'ValidationException' });
}

/** `decodeURIComponent` without its URIError: undefined for a malformed escape. */
function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function createLambdaApi(
  services: Map<string, LoadedService>,
  opts: { log?: (line: string) => void } = {},
) {
  const report = (error: unknown) =>
    opts.log?.(`Lambda API: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return badRequest(res, 'The address is not valid.');
    }
    const name = INVOKE_PATH.exec(url.pathname)?.[1];
    if (req.method !== 'POST' || !name) {
      return reply(res, 404, { Type: 'User', message: `No such resource ${req.method} ${url.pathname}` });
    }
    const decoded = decode(name);
    if (decoded === undefined) return badRequest(res, 'The address contains an invalid escape sequence.');
    const functionName = decoded.split(':').pop() ?? '';
    const service = services.get(functionName);
    if (!service) {
      return reply(
        res,
        404,
        { Type: 'User', message: `Function not found: ${functionName}` },
        { 'x-amzn-errortype': 'ResourceNotFoundException' },
      );
    }
    let event: unknown;
    try {
      const text = await readBody(req);
      event = text ? JSON.parse(text) : {};
    } catch {
      return reply(
        res,
        400,
        { Type: 'User', message: 'Invalid request payload' },
        { 'x-amzn-errortype': 'InvalidRequestContentException' },
      );
    }
    let result: unknown;
    try {
      result = await service.invoke(event);
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      opts.log?.(`lambda ${functionName} failed: ${e.message}`);
      return reply(
        res,
        200,
        { errorMessage: e.message, errorType: e.name || 'Error' },
        { 'X-Amz-Function-Error': 'Unhandled', 'x-amz-executed-version': '$LATEST' },
      );
    }
    reply(res, 200, result, { 'x-amz-executed-version': '$LATEST' });
  }

  // One failed request must never end the local cloud: anything that throws while one is
  // handled answers Lambda's own 500 instead of an uncaught exception or rejection.
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      report(error);
      if (res.headersSent) return res.destroy();
      reply(
        res,
        500,
        { Type: 'Service', message: 'The local Lambda service encountered an internal error.' },
        { 'x-amzn-errortype': 'ServiceException' },
      );
    });
  });
  return { server };
}
