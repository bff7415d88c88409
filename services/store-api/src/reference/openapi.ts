import * as z from 'zod/mini';
import type { Contract } from '@sneakers/shared/contracts/contract';
import {
  API_DAILY_QUOTA,
  API_KEY_HEADER,
  API_KEY_INVALID_CODE,
  API_KEY_REVOCATION_BOUND_SECONDS,
  API_RATE_BURST,
  API_RATE_PER_SECOND,
  API_RATE_WINDOW_SECONDS,
  RATE_LIMITED_CODE,
} from '@sneakers/shared/rules/store-api-limits';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '@sneakers/shared/idempotency/idempotency';

/**
 * The store API's OpenAPI 3.1 document, built from the very zod contracts the routes validate
 * with (zod's own `z.toJSONSchema`, which reads zod/mini schemas), their examples, the per-key
 * limits and the error model (docs/adr/0024-openapi-and-the-reference-page.md). Pure: the
 * build script writes it to `openapi.json` beside this file, which `GET /v1/openapi.json`
 * answers and the reference page (`/api-reference`) is rendered from.
 */

export type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

/** What a route says beyond its contract: its words and the error codes it answers. */
export interface RouteDoc {
  summary: string;
  description: string;
  /** Status → codes, besides the ones every route answers (400 VALIDATION_FAILED, 401, 429). */
  errors: Record<number, string[]>;
}

export interface RouteExample {
  query?: Record<string, string>;
  params?: Record<string, string>;
  body?: unknown;
  response: unknown;
}

export interface OpenApiInput {
  contracts: readonly Contract[];
  docs: ReadonlyMap<string, RouteDoc>;
  examples: ReadonlyMap<string, RouteExample>;
  version: string;
}

const ERROR_WORDS: Record<number, string> = {
  400: 'Bad request: the input is not valid (`fields` and `issues` name each field’s problems).',
  401: `Missing, unknown, revoked or malformed \`${API_KEY_HEADER}\` (\`${API_KEY_INVALID_CODE}\`).`,
  402: 'The store’s subscription lapsed: the account is read-only until a plan is chosen (`SUBSCRIPTION_REQUIRED`).',
  404: 'Not found: also the answer for another store’s id.',
  409: 'Conflict with the current state (the stock changed, a reused Idempotency-Key).',
  429: `Over the key’s limits (\`${RATE_LIMITED_CODE}\`): retry after \`Retry-After\` seconds.`,
};

/** Every route answers these, whatever else it does. */
const COMMON_ERRORS: Record<number, string[]> = {
  400: ['VALIDATION_FAILED'],
  401: [API_KEY_INVALID_CODE],
  429: [RATE_LIMITED_CODE],
};

export const LIMITS_DESCRIPTION = [
  `Each API key may make ${API_RATE_PER_SECOND} requests a second on average, in bursts of up to ${API_RATE_BURST} in any ${API_RATE_WINDOW_SECONDS}-second window, and ${API_DAILY_QUOTA.toLocaleString('en-US')} requests a UTC day.`,
  'Every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) for the nearer of the two limits; a request over either answers 429 `RATE_LIMITED` with `Retry-After` (seconds).',
  `A revoked key stops working at once on the local cloud and within ${API_KEY_REVOCATION_BOUND_SECONDS} seconds in AWS (the authorizer's cache).`,
].join(' ');

const schemaOf = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  // An answer may gain fields in a minor version: integrators should ignore unknown ones.
  return io === 'output' ? openObjects(json) : json;
};

const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema with every `additionalProperties: false` dropped, at any depth. */
function openObjects(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(schema)) {
    if (key === 'additionalProperties' && inner === false) continue;
    out[key] = openValue(inner);
  }
  return out;
}

function openValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openValue);
  return isRecord(value) ? openObjects(value) : value;
}

/** The contract's query or path schema as OpenAPI parameters. */
function parametersOf(schema: z.ZodMiniType, where: 'query' | 'path', example?: Record<string, string>) {
  const json = schemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
    ...(example && Object.hasOwn(example, name) ? { example: example[name] } : {}),
  }));
}

const ref = (name: string) => ({ $ref: `#/components/${name}` });

const rateHeaders = {
  'RateLimit-Limit': ref('headers/RateLimit-Limit'),
  'RateLimit-Remaining': ref('headers/RateLimit-Remaining'),
  'RateLimit-Reset': ref('headers/RateLimit-Reset'),
};

function errorResponse(status: number, codes: string[]): Json {
  const headers =
    status === 429 ? { 'Retry-After': ref('headers/Retry-After'), ...rateHeaders } : rateHeaders;
  return {
    description: `${ERROR_WORDS[status] ?? 'Error.'} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    headers,
    content: {
      'application/json': {
        schema: ref('schemas/Error'),
        example: { error: { code: codes[0], message: exampleMessage(codes[0] ?? '') } },
      },
    },
  };
}

const exampleMessage = (code: string) =>
  code === RATE_LIMITED_CODE
    ? `Too many requests for this API key: at most ${API_RATE_BURST} every ${API_RATE_WINDOW_SECONDS} seconds. Try again in 1 seconds.`
    : code === API_KEY_INVALID_CODE
      ? 'The API key is missing, unknown or revoked.'
      : code === 'VALIDATION_FAILED'
        ? 'Some fields are not valid.'
        : code.endsWith('_NOT_FOUND')
          ? `${code
              .replace(/_NOT_FOUND$/, '')
              .replace(/_/g, ' ')
              .toLowerCase()
              .replace(/^./, (c) => c.toUpperCase())} not found.`
          : code;

function operationOf(contract: Contract, doc: RouteDoc, example: RouteExample | undefined): Json {
  const status = contract.method === 'POST' ? 201 : 200;
  const errors = new Map<number, string[]>();
  for (const source of [COMMON_ERRORS, doc.errors])
    for (const [status, codes] of Object.entries(source))
      errors.set(Number(status), [...(errors.get(Number(status)) ?? []), ...codes]);
  const isWrite = contract.method !== 'GET';
  const parameters = [
    ...parametersOf(contract.params, 'path', example?.params),
    ...parametersOf(contract.query, 'query', example?.query),
    ...(isWrite ? [ref('parameters/Idempotency-Key')] : []),
  ];
  const responses: Json = {
    [status]: {
      description: isWrite
        ? 'Created (200 with the same body when a retry with the same Idempotency-Key replays it).'
        : 'OK',
      headers: rateHeaders,
      content: {
        'application/json': {
          schema: schemaOf(contract.response, 'output'),
          ...(example ? { example: example.response } : {}),
        },
      },
    },
  };
  for (const [code, codes] of [...errors].sort(([a], [b]) => a - b))
    responses[code] = errorResponse(code, codes);
  return {
    operationId: contract.id,
    summary: doc.summary,
    description: doc.description,
    parameters,
    ...(isWrite
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: schemaOf(contract.body, 'input'),
                ...(example?.body === undefined ? {} : { example: example.body }),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every `apiKey` contract given, in the order given. */
export function buildOpenApiDocument(input: OpenApiInput): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const contract of input.contracts) {
    if (contract.auth !== 'apiKey') continue;
    const doc = input.docs.get(contract.id);
    if (!doc) throw new Error(`No reference words for ${contract.id}`);
    const operations = (paths[contract.path] ??= {});
    operations[contract.method.toLowerCase()] = operationOf(contract, doc, input.examples.get(contract.id));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sneaker CRM store API',
      version: input.version,
      description: [
        'The store API lets a store’s own systems read its inventory, virtual products and prices, and record sales, as the store.',
        `Authenticate every call with the \`${API_KEY_HEADER}\` header (Settings → API keys) and send JSON (\`Content-Type: application/json\`).`,
        'Money is always an integer number of cents beside its `currency` (`15000` with `EUR` is 150.00 EUR).',
        'Lists are paged: pass the answer’s `cursor` to get the next page; `cursor: null` is the last page.',
        `Errors answer \`{ "error": { "code", "message", "fields"? } }\`. ${LIMITS_DESCRIPTION}`,
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'This deployment (the same origin as the app)' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: API_KEY_HEADER,
          description:
            'A key from Settings → API keys (`sk_live_…`). Only its hash is stored: it is shown once.',
        },
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: `A unique value per write (${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, e.g. a UUID): a retry with the same key and body replays the first answer instead of writing twice; the same key with another body answers 409 \`IDEMPOTENCY_KEY_REUSED\`. Kept 24 hours.`,
          schema: {
            type: 'string',
            minLength: IDEMPOTENCY_KEY_MIN,
            maxLength: IDEMPOTENCY_KEY_MAX,
            pattern: '^[\\x21-\\x7e]+$',
          },
          example: '7c0e4d2a-2f55-4c1b-9d8e-5a1f0b6c3e21',
        },
      },
      headers: {
        'RateLimit-Limit': {
          description: 'The limit nearer to being reached: requests per window, or per UTC day.',
          schema: { type: 'integer' },
        },
        'RateLimit-Remaining': {
          description: 'Requests left within that limit.',
          schema: { type: 'integer' },
        },
        'RateLimit-Reset': { description: 'Seconds until that limit resets.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', description: 'Stable, machine-readable.' },
                message: { type: 'string', description: 'For people; may change.' },
                fields: {
                  type: 'object',
                  additionalProperties: { type: 'array', items: { type: 'string' } },
                  description: 'Per field (dotted path), what is wrong, in words.',
                },
                issues: {
                  type: 'object',
                  additionalProperties: { type: 'array', items: { type: 'string' } },
                  description: 'Per field, what is wrong, as codes.',
                },
                correlationId: { type: 'string' },
              },
            },
          },
        },
      },
    },
    'x-rate-limits': {
      perSecond: API_RATE_PER_SECOND,
      burst: API_RATE_BURST,
      windowSeconds: API_RATE_WINDOW_SECONDS,
      dailyQuota: API_DAILY_QUOTA,
      revocationBoundSeconds: API_KEY_REVOCATION_BOUND_SECONDS,
      description: LIMITS_DESCRIPTION,
    },
  };
}
