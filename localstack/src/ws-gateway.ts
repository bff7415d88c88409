import { createServer, type IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LoadedService } from './lambda';

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
    const id = decodeURIComponent(match[1] ?? '');
    const socket = sockets.get(id);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!socket || socket.readyState !== socket.OPEN) {
        res.statusCode = 410;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ message: 'Gone' }));
        return;
      }
      if (req.method === 'POST') socket.send(Buffer.concat(chunks).toString('utf8'));
      else if (req.method === 'DELETE') socket.close(1000);
      res.statusCode = 200;
      res.end();
    });
  });

  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const connectionId = randomBytes(12).toString('base64url');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
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
  });

  return {
    server,
    connectionCount: () => sockets.size,
    close() {
      for (const socket of sockets.values()) socket.terminate();
      wss.close();
    },
  };
}
