import { createServer } from 'node:net';

/** Every local service's port and the variable that changes it. */
export const PORT_VARIABLES = {
  app: { env: 'APP_PORT', default: 4500, label: 'app and HTTP API gateway' },
  ws: { env: 'WS_PORT', default: 4501, label: 'WebSocket gateway' },
  dynamodb: { env: 'DYNAMODB_PORT', default: 4502, label: 'DynamoDB Local' },
  cognito: { env: 'COGNITO_PORT', default: 4503, label: 'cognito-local' },
  ses: { env: 'SES_PORT', default: 4504, label: 'SES emulator and mail viewer' },
  s3: { env: 'S3_PORT', default: 4505, label: 'S3 emulator' },
  events: { env: 'EVENTS_PORT', default: 4506, label: 'EventBridge bus' },
  lambda: { env: 'LAMBDA_PORT', default: 4507, label: 'Lambda Invoke API (Cognito triggers)' },
  marketplace: {
    env: 'MARKETPLACE_PORT',
    default: 4508,
    label: 'marketplace API emulator and release pages',
  },
  secrets: { env: 'SECRETS_PORT', default: 4509, label: 'Secrets Manager emulator' },
  stripe: { env: 'STRIPE_PORT', default: 4510, label: 'payment provider stand-in (Stripe-shaped)' },
  sqs: { env: 'SQS_PORT', default: 4511, label: 'SQS stand-in (webhook deliveries)' },
} as const;

export type PortName = keyof typeof PORT_VARIABLES;
export type Ports = Record<PortName, number>;

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly variable: string,
    label: string,
  ) {
    super(
      `Port ${port} (${label}) is already in use. Stop whatever uses it or choose another port with ${variable}=<port>.`,
    );
  }
}

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): Ports {
  const out = {} as Ports;
  for (const [name, spec] of Object.entries(PORT_VARIABLES) as [
    PortName,
    (typeof PORT_VARIABLES)[PortName],
  ][]) {
    const raw = env[spec.env];
    const port = raw ? Number(raw) : spec.default;
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`${spec.env} must be a port number, got "${raw}"`);
    out[name] = port;
  }
  return out;
}

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(actual));
    });
  });
}

/** Fails with a message naming the port and its variable when a port is taken. */
export async function assertPortsFree(ports: Ports): Promise<void> {
  for (const [name, port] of Object.entries(ports) as [PortName, number][]) {
    if (port === 0) continue;
    if ((await tryListen(port)) === undefined) {
      const spec = PORT_VARIABLES[name];
      throw new PortInUseError(port, spec.env, spec.label);
    }
  }
}

/** Free ports for test runs, so tests never collide with a running `npm start`. */
export async function freePorts(): Promise<Ports> {
  const out = {} as Ports;
  for (const name of Object.keys(PORT_VARIABLES) as PortName[]) {
    let port: number | undefined;
    while (!port || Object.values(out).includes(port)) port = await tryListen(0);
    out[name] = port;
  }
  return out;
}
