import { createServer, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LoadedService } from './lambda';

/** `decodeURIComponent` without its URIError: undefined for a malformed escape. */
function decodeId(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function parseTarget(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://localhost');
  } catch {
    return undefined;
  }
}

/**
 * The management API's error answer: `x-amzn-errortype` is what the SDK turns into
 * GoneException / BadRequestException, the body is API Gateway's `{ message }`.
 */
function managementError(res: ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ message }));
}

/**
 * A local API Gateway WebSocket API: calls the service's `$connect`, `$disconnect` and
 * `$default` handlers, and serves the management API (`POST /@connections/{id}`) that
 * `@aws-sdk/client-apigatewaymanagementapi` talks to.
 */
export function createWebSocketGateway(service: LoadedService, opts: { log: (line: string) => void }) {
  const sockets = new Map<string, WebSocket>();

  function requestContext(
    connectionId: string,
    eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE',
    routeKey: string,
  ) {
    return {
      connectionId,
      eventType,
      routeKey,
      stage: 'local',
      requestId: randomBytes(8).toString('hex'),
      connectedAt: Date.now(),
      requestTimeEpoch: Date.now(),
      apiId: 'local',
      domainName: '127.0.0.1',
    };
  }

  const server = createServer((req, res) => {
    const match = /^\/@connections\/([^/?]+)/.exec(req.url ?? '');
    if (!match) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const raw = match[1] ?? '';
    const id = decodeId(raw);
    if (id === undefined)
      return managementError(res, 400, 'BadRequestException', `Invalid connectionId: ${raw}`);
    const socket = sockets.get(id);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!socket || socket.readyState !== socket.OPEN)
        return managementError(res, 410, 'GoneException', 'Gone');
      if (req.method === 'POST') socket.send(Buffer.concat(chunks).toString('utf8'));
      else if (req.method === 'DELETE') socket.close(1000);
      res.statusCode = 200;
      res.end();
    });
  });

  // The handshake is ours rather than the server option's, so a target that is not a URL
  // is refused before the upgrade instead of throwing out of the 'connection' event.
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, duplex: Duplex, head: Buffer) => {
    const url = parseTarget(req.url);
    if (!url) {
      // Node stops listening for errors on an upgraded socket; a reset here is no crash.
      duplex.on('error', () => undefined);
      duplex.once('finish', () => duplex.destroy());
      duplex.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, duplex, head, (socket) => onConnection(socket, url));
  });

  function onConnection(socket: WebSocket, url: URL) {
    const connectionId = randomBytes(12).toString('base64url');
    const query = Object.fromEntries(url.searchParams);
    // A malformed frame or a reset is the client's problem: ws closes the socket (and
    // 'close' runs $disconnect), but an 'error' nobody listens to would end the process.
    socket.on('error', (error) => opts.log(`WebSocket ${connectionId}: ${error.message}`));
    // Frames that arrive before $connect has answered wait for it, as they would in AWS.
    const connected = service
      .invoke({
        requestContext: requestContext(connectionId, 'CONNECT', '$connect'),
        queryStringParameters: query,
        isBase64Encoded: false,
      })
      .then((result) => {
        const status = (result as { statusCode?: number } | undefined)?.statusCode ?? 200;
        if (status !== 200) {
          socket.close(1008, 'Forbidden');
          return false;
        }
        sockets.set(connectionId, socket);
        return true;
      })
      .catch((error: unknown) => {
        opts.log(`$connect failed: ${String(error)}`);
        socket.close(1011, 'Internal error');
        return false;
      });

    socket.on('message', (data) => {
      void connected.then(async (ok) => {
        if (!ok) return;
        try {
          await service.invoke({
            requestContext: requestContext(connectionId, 'MESSAGE', '$default'),
            body: data.toString(),
            isBase64Encoded: false,
          });
        } catch (error) {
          opts.log(`$default failed: ${String(error)}`);
        }
      });
    });
    socket.on('close', () => {
      void connected.then(async (ok) => {
        sockets.delete(connectionId);
        if (!ok) return;
        try {
          await service.invoke({
            requestContext: requestContext(connectionId, 'DISCONNECT', '$disconnect'),
            isBase64Encoded: false,
          });
        } catch (error) {
          opts.log(`$disconnect failed: ${String(error)}`);
        }
      });
    });
  }

  return {
    server,
    connectionCount: () => sockets.size,
    close() {
      for (const socket of sockets.values()) socket.terminate();
      wss.close();
    },
  };
}
