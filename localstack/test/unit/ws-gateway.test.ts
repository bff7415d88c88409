import { once } from 'node:events';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createWebSocketGateway } from '../../src/ws-gateway';
import type { LoadedService } from '../../src/lambda';
import { close, json, listen, rawRequest } from './support/raw-http';

interface WsEvent {
  requestContext: { connectionId: string; eventType: string };
}

function isWsEvent(event: unknown): event is WsEvent {
  return typeof event === 'object' && event !== null && 'requestContext' in event;
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function startGateway() {
  const events: WsEvent[] = [];
  const logs: string[] = [];
  const service: LoadedService = {
    manifest: {
      definition: defineFunction({ name: 'realtime', routes: [], consumers: [], access: { table: 'read' } }),
      entry: '',
    },
    async invoke(event) {
      if (!isWsEvent(event)) throw new Error('Not a WebSocket event');
      events.push(event);
      return { statusCode: 200 };
    },
  };
  const gateway = createWebSocketGateway(service, { log: (line) => logs.push(line) });
  const port = await listen(gateway.server);
  stop = async () => {
    gateway.close();
    await close(gateway.server);
  };
  const connectionIds = (type: string) =>
    events.filter((e) => e.requestContext.eventType === type).map((e) => e.requestContext.connectionId);
  return { port, logs, connectionIds };
}

/** A client that is connected once its `$connect` has answered. */
async function connect(port: number): Promise<WebSocket> {
  const client = new WebSocket(`ws://127.0.0.1:${port}/?token=t`);
  await once(client, 'open');
  return client;
}

/** A raw handshake, so the target and the frames that follow are sent exactly as given. */
function handshake(port: number, path: string): Promise<{ status: number } | { socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.setTimeout(2000, () => req.destroy(new Error(`No answer for ${path}`)));
    req.on('error', reject);
    req.on('upgrade', (_res, socket) => resolve({ socket }));
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.end();
  });
}

describe('local WebSocket gateway on bad input', () => {
  it('answers 400 BadRequestException for a malformed connection id and keeps serving', async () => {
    const { port, connectionIds } = await startGateway();
    const bad = await rawRequest(port, '/@connections/%E0%A4%A', { method: 'POST', body: 'hi' });
    expect(bad.status).toBe(400);
    expect(bad.headers['x-amzn-errortype']).toBe('BadRequestException');
    expect(json(bad)).toEqual({ message: 'Invalid connectionId: %E0%A4%A' });

    const client = await connect(port);
    const [id] = connectionIds('CONNECT');
    const received = once(client, 'message');
    const posted = await rawRequest(port, `/@connections/${encodeURIComponent(id ?? '')}`, {
      method: 'POST',
      body: 'hello',
    });
    expect(posted.status).toBe(200);
    expect(String((await received)[0])).toBe('hello');
    client.close();
  });

  it('still answers 410 GoneException for a connection that is not open', async () => {
    const { port } = await startGateway();
    const gone = await rawRequest(port, '/@connections/nobody', { method: 'POST', body: 'hi' });
    expect(gone.status).toBe(410);
    expect(gone.headers['x-amzn-errortype']).toBe('GoneException');
    expect(json(gone)).toEqual({ message: 'Gone' });
  });

  it('refuses a handshake whose target is not a URL with 400 and keeps serving', async () => {
    const { port, connectionIds } = await startGateway();
    expect(await handshake(port, '//[')).toEqual({ status: 400 });
    expect(connectionIds('CONNECT')).toEqual([]);

    const client = await connect(port);
    expect(connectionIds('CONNECT')).toHaveLength(1);
    client.close();
  });

  it('closes a connection that sends a malformed frame, reports it and keeps serving', async () => {
    const { port, logs, connectionIds } = await startGateway();
    const answer = await handshake(port, '/');
    if (!('socket' in answer)) throw new Error(`Handshake refused with ${answer.status}`);
    // Frames from a client must be masked; this one is not.
    answer.socket.write(Buffer.from([0x81, 0x02, 0x68, 0x69]));
    answer.socket.resume();
    await once(answer.socket, 'close');
    await expect.poll(() => connectionIds('DISCONNECT')).toEqual(connectionIds('CONNECT'));
    expect(logs).toEqual([expect.stringMatching(/^WebSocket .+: .*MASK/)]);

    const client = await connect(port);
    expect(connectionIds('CONNECT')).toHaveLength(2);
    client.close();
  });
});
