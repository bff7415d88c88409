import { describe, expect, it } from 'vitest';
import { cors } from '../src/http/cors';

type Request = { event: unknown; response: unknown };

function run(event: unknown, response: unknown, allowed = 'https://app.example.com') {
  const middleware = cors<unknown, unknown>(() => allowed);
  const request = { event, response } as Request;
  (middleware.after as (r: Request) => void)(request);
  return request.response;
}

const httpEvent = (origin?: string) => ({
  requestContext: { http: { method: 'GET' } },
  headers: origin ? { origin } : {},
});

describe('CORS', () => {
  it('allows a listed origin on HTTP answers', () => {
    const res = run(httpEvent('https://app.example.com'), { statusCode: 200 }) as {
      headers: Record<string, string>;
    };
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers.vary).toBe('origin');
  });

  it('lets the SPA send its impersonation token header', () => {
    const res = run(httpEvent('https://app.example.com'), { statusCode: 200 }) as {
      headers: Record<string, string>;
    };
    expect(res.headers['access-control-allow-headers']?.split(',')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-impersonation']),
    );
  });

  it('adds nothing for other origins', () => {
    expect(run(httpEvent('https://evil.example'), { statusCode: 200 })).toEqual({ statusCode: 200 });
  });

  it('leaves trigger and event results untouched', () => {
    const trigger = { triggerSource: 'PreSignUp_SignUp', response: { autoConfirmUser: true } };
    expect(run(trigger, { ...trigger }, '*')).toEqual(trigger);
  });
});
