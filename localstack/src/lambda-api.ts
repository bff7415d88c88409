import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LoadedService } from './lambda';

/**
 * A minimal Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`) over the
 * in-process services, for cognito-local's triggers: it calls Lambda through an AWS SDK
 * v2 client configured from its config.json. A function is named after its service. A
 * handler that throws answers as Lambda does: 200 with `X-Amz-Function-Error: Unhandled`
 * and `{ errorMessage, errorType }`, which cognito-local turns into
 * UserLambdaValidationException with the message.
 */
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body ?? null));
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
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = INVOKE_PATH.exec(url.pathname)?.[1];
    if (req.method !== 'POST' || !name) {
      return reply(res, 404, { Type: 'User', message: `No such resource ${req.method} ${url.pathname}` });
    }
    const functionName = decodeURIComponent(name).split(':').pop() ?? '';
    const service = services.get(functionName);
    if (!service) {
      return reply(
        res,
        404,
        { Type: 'User', message: `Function not found: ${functionName}` },
        { 'x-amzn-errortype': 'ResourceNotFoundException' },
      );
    }
    void (async () => {
      let event: unknown;
      try {
        const text = await readBody(req);
        event = text ? JSON.parse(text) : {};
      } catch {
        return reply(
          res,
          400,
          { Type: 'User', message: 'Invalid request payload' },
          {
            'x-amzn-errortype': 'InvalidRequestContentException',
          },
        );
      }
      try {
        const result = await service.invoke(event);
        reply(res, 200, result, { 'x-amz-executed-version': '$LATEST' });
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        opts.log?.(`lambda ${functionName} failed: ${e.message}`);
        reply(
          res,
          200,
          { errorMessage: e.message, errorType: e.name || 'Error' },
          { 'X-Amz-Function-Error': 'Unhandled', 'x-amz-executed-version': '$LATEST' },
        );
      }
    })();
  });
  return { server };
}
