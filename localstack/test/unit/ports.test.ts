import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortsFree, freePorts, PortInUseError, portsFromEnv } from '../../src/ports';

describe('local cloud ports', () => {
  it('reads ports from their variables, with defaults', () => {
    expect(portsFromEnv({ APP_PORT: '5000' })).toMatchObject({ app: 5000, ws: 4501, dynamodb: 4502 });
    expect(() => portsFromEnv({ WS_PORT: 'abc' })).toThrow('WS_PORT must be a port number');
  });

  it('names the taken port and the variable that changes it', async () => {
    const ports = await freePorts();
    const blocker = createServer().listen(ports.dynamodb, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const error = await assertPortsFree(ports).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toBe(
        `Port ${ports.dynamodb} (DynamoDB Local) is already in use. Stop whatever uses it or choose another port with DYNAMODB_PORT=<port>.`,
      );
    } finally {
      blocker.close();
    }
  });
});
