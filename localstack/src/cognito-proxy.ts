import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The user pool endpoint the SPA talks to locally (`/cognito` on the app origin, so no
 * CORS): forwards every Cognito JSON-RPC call to cognito-local unchanged, except
 * `GetTokensFromRefreshToken`, which Amplify v6 uses to refresh and cognito-local lacks.
 * That one becomes `InitiateAuth` with `REFRESH_TOKEN_AUTH` and is answered in
 * GetTokensFromRefreshToken's shape (`{ AuthenticationResult }`).
 */
export const COGNITO_PROXY_PATH = '/cognito';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
  res.writeHead(status, headers);
  res.end(body);
}

const JSON_TYPE = { 'content-type': 'application/x-amz-json-1.1' };

export function createCognitoProxy(cognitoEndpoint: string) {
  async function forward(target: string, body: string, contentType: string) {
    const res = await fetch(`${cognitoEndpoint}/`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-amz-target': target },
      body,
    });
    const headers: Record<string, string> = {
      'content-type': res.headers.get('content-type') ?? JSON_TYPE['content-type'],
    };
    const errorType = res.headers.get('x-amzn-errortype');
    if (errorType) headers['x-amzn-errortype'] = errorType;
    return { status: res.status, body: await res.text(), headers };
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    if (req.method !== 'POST') {
      return send(res, 405, JSON.stringify({ __type: 'MethodNotAllowed', message: 'Use POST.' }), {
        ...JSON_TYPE,
        allow: 'POST',
      });
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    const contentType = String(req.headers['content-type'] ?? JSON_TYPE['content-type']);
    try {
      if (target !== `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
        const out = await forward(target, body.toString('utf8'), contentType);
        return send(res, out.status, out.body, out.headers);
      }
      const input = JSON.parse(body.toString('utf8') || '{}') as {
        ClientId?: string;
        RefreshToken?: string;
        ClientMetadata?: Record<string, string>;
      };
      const out = await forward(
        `${TARGET_PREFIX}InitiateAuth`,
        JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
          ...(input.ClientMetadata ? { ClientMetadata: input.ClientMetadata } : {}),
        }),
        JSON_TYPE['content-type'],
      );
      if (out.status !== 200) return send(res, out.status, out.body, out.headers);
      const { AuthenticationResult } = JSON.parse(out.body) as { AuthenticationResult?: unknown };
      return send(res, 200, JSON.stringify({ AuthenticationResult }), JSON_TYPE);
    } catch (error) {
      send(res, 500, JSON.stringify({ __type: 'InternalErrorException', message: String(error) }), {
        ...JSON_TYPE,
        'x-amzn-errortype': 'InternalErrorException',
      });
    }
  };
}
