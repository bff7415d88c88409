import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { inject } from 'vitest';
import { ApiError, createApiClient } from '@sneakers/shared/api-client';
import { isWelcomeMail } from './welcome-mail';

/** Helpers for integration tests: real users in cognito-local, a typed API client, sockets. */
export function cloud() {
  return inject('cloud');
}

export function cognito() {
  return new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint: cloud().cognitoUrl,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function signIn(email: string, password: string): Promise<string> {
  const out = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cloud().clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = out.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`No token for ${email}`);
  return token;
}

/** A new confirmed user (optionally a superuser), signed in. */
export async function newUser(
  opts: { superuser?: boolean } = {},
): Promise<{ email: string; password: string; token: string }> {
  const email = `user-${randomUUID()}@example.com`;
  const password = 'secret-123';
  const { userPoolId } = cloud();
  const client = cognito();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  if (opts.superuser) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: 'superusers' }),
    );
  }
  return { email, password, token: await signIn(email, password) };
}

export function api(token?: string) {
  return { call: createApiClient({ baseUrl: cloud().appUrl, getToken: () => token }) };
}

/** Opens a socket and collects every frame it receives. */
export async function openSocket(): Promise<{
  frames: unknown[];
  waitFor: (predicate: (frame: unknown) => boolean, timeoutMs?: number) => Promise<unknown>;
  close: () => void;
  send: (frame: unknown) => void;
}> {
  const socket = new WebSocket(cloud().wsUrl);
  const frames: unknown[] = [];
  const waiters = new Set<(frame: unknown) => void>();
  socket.on('message', (data) => {
    const frame: unknown = JSON.parse(data.toString());
    frames.push(frame);
    for (const waiter of [...waiters]) waiter(frame);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    frames,
    /** Resolves with the first frame, received from now on, that matches. */
    waitFor: (predicate, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const waiter = (frame: unknown) => {
          if (!predicate(frame)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(frame);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching frame within ${timeoutMs} ms; received ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(waiter);
      }),
    close: () => socket.close(),
    /** A client frame, e.g. `{ action: 'subscribe', ticket }`. */
    send: (frame) => socket.send(JSON.stringify(frame)),
  };
}

/** Raw fetch against the gateway, for what the typed client would refuse to send. */
export function raw(path: string, init: RequestInit = {}) {
  return fetch(`${cloud().appUrl}${path}`, init);
}

/** Self-service sign-up through cognito-local's SignUp (runs the PreSignUp trigger). */
export async function signUp(email: string, password: string): Promise<{ userConfirmed: boolean }> {
  const out = await cognito().send(
    new SignUpCommand({ ClientId: cloud().clientId, Username: email, Password: password }),
  );
  return { userConfirmed: out.UserConfirmed === true };
}

/** An email as the SES emulator stores it (`GET {mailUrl}/store`). */
export interface SentMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** The extra headers the sender set (List-Unsubscribe). */
  headers?: { name: string; value: string }[];
  at: number;
}

/**
 * Every email the SES emulator has accepted for an address, oldest first; without the
 * welcome email a new profile gets unless `welcome` is set (tests/support/welcome-mail.ts).
 */
export async function mailTo(address: string, options: { welcome?: boolean } = {}): Promise<SentMail[]> {
  const res = await fetch(`${cloud().mailUrl}/store`);
  const { emails } = (await res.json()) as { emails: SentMail[] };
  return emails.filter(
    (e) =>
      e.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()) &&
      (options.welcome || !isWelcomeMail(e)),
  );
}

/**
 * Reads until `done` holds (events, emails and stream consumers land a little after the write
 * that caused them), or until the timeout: the last value is returned for the test to assert on.
 */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Awaits a call that must fail with an API error (a status and code to assert on), and returns the error. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`Expected an ApiError, got ${String(error)}`, { cause: error });
  }
  throw new Error('Expected the call to fail with an ApiError; it succeeded');
}

/**
 * Waits (up to `timeoutMs`) until the local cloud's event pipeline is at rest: what a new
 * account set off has landed, the payment provider's sign-up webhooks included. A test that
 * then writes a profile's subscription fields by hand is not overwritten by them.
 */
export async function pipelineAtRest(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // In steps: Node's fetch gives up on an answer after 300 s (undici's headers timeout).
  for (;;) {
    const step = Math.max(0, Math.min(60_000, deadline - Date.now()));
    const res = await fetch(`${cloud().appUrl}/api/health/idle?timeoutMs=${step}`);
    const { idle } = (await res.json()) as { idle: boolean };
    if (idle || Date.now() >= deadline) return;
  }
}
