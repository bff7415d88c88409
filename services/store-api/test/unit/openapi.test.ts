import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Contract } from '@sneakers/shared/contracts/contract';
import { storeApiV1Contracts, storeApiV1Examples } from '@sneakers/shared/contracts/store-api-v1';
import { API_DAILY_QUOTA, API_KEY_HEADER, API_RATE_BURST } from '@sneakers/shared/rules/store-api-limits';
import { functions } from '../../../registry';
import { storeApiV1Document } from '../../src/reference/document';

type Json = Record<string, unknown>;
const committed = JSON.parse(
  readFileSync(new URL('../../src/reference/openapi.json', import.meta.url), 'utf8'),
) as Json;
const document = storeApiV1Document();
const paths = document.paths as Record<string, Record<string, Json>>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document as `METHOD path`. */
const operations = () =>
  Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((k) => METHODS.includes(k))
      .map((method) => ({ key: `${method.toUpperCase()} ${path}`, op: item[method] as Json })),
  );

const apiKeyRoutes = (): Contract[] =>
  functions.flatMap((f) => f.definition.routes.map((r) => r.contract)).filter((c) => c.auth === 'apiKey');

const paramNames = (schema: Contract['params']) =>
  Object.keys((z.toJSONSchema(schema, { io: 'input' }) as { properties?: Json }).properties ?? {}).sort();

function resolve(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], document);
}

describe('the store API’s OpenAPI document', () => {
  it('is the committed openapi.json (run `npm run openapi` after changing a /v1 contract)', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('lists exactly the registry’s apiKey routes, with their methods, paths and parameters', () => {
    const routes = apiKeyRoutes();
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      operations()
        .map((o) => o.key)
        .sort(),
    );
    for (const contract of routes) {
      expect(contract.path.startsWith('/v1/')).toBe(true);
      const op = paths[contract.path]?.[contract.method.toLowerCase()] as Json;
      const params = (op.parameters as Json[]).filter((p) => !('$ref' in p));
      const of = (where: string) =>
        params
          .filter((p) => p.in === where)
          .map((p) => String(p.name))
          .sort();
      expect(of('path'), contract.id).toEqual(paramNames(contract.params));
      expect(of('query'), contract.id).toEqual(paramNames(contract.query));
      expect('requestBody' in op, contract.id).toBe(contract.method !== 'GET');
    }
    // The registry serves every v1 contract, and no other.
    expect(routes.map((c) => c.id).sort()).toEqual(storeApiV1Contracts.map((c) => c.id).sort());
  });

  it('has what OpenAPI 3.1 requires, every $ref resolving', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const info = document.info as Json;
    expect(typeof info.title).toBe('string');
    expect(typeof info.version).toBe('string');
    const schemes = (document.components as Json).securitySchemes as Record<string, Json>;
    expect(schemes.apiKey).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: API_KEY_HEADER }),
    );
    for (const requirement of document.security as Json[])
      for (const name of Object.keys(requirement)) expect(Object.hasOwn(schemes, name)).toBe(true);
    for (const [path] of Object.entries(paths)) expect(path.startsWith('/')).toBe(true);
    const ids = new Set<string>();
    for (const { key, op } of operations()) {
      expect(ids.has(String(op.operationId)), key).toBe(false);
      ids.add(String(op.operationId));
      const responses = op.responses as Record<string, Json>;
      expect(Object.keys(responses).length, key).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(responses)) {
        expect(status, key).toMatch(/^[1-5]\d\d$/);
        expect(typeof response.description, key).toBe('string');
      }
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['400', '401', '429']));
      for (const p of op.parameters as Json[]) {
        if ('$ref' in p) continue;
        expect(['query', 'header', 'path', 'cookie']).toContain(p.in);
        expect(typeof p.name).toBe('string');
        if (p.in === 'path') {
          expect(p.required).toBe(true);
          expect(key).toContain(`{${String(p.name)}}`);
        }
      }
    }
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) expect(resolve(ref.slice(8, -1)), ref).toBeDefined();
  });

  it('publishes the per-key limits and the error model', () => {
    expect(document['x-rate-limits']).toMatchObject({ burst: API_RATE_BURST, dailyQuota: API_DAILY_QUOTA });
    expect(JSON.stringify(document)).toContain('RATE_LIMITED');
    const schemas = (document.components as Json).schemas as Json;
    expect(schemas.Error).toBeDefined();
  });

  it('has examples that each route’s contract accepts', () => {
    for (const contract of storeApiV1Contracts) {
      const example = storeApiV1Examples[contract.id];
      expect(example, contract.id).toBeDefined();
      if (!example) continue;
      expect(() => z.parse(contract.query, example.query ?? {}), contract.id).not.toThrow();
      expect(() => z.parse(contract.params, example.params ?? {}), contract.id).not.toThrow();
      if (contract.method !== 'GET')
        expect(() => z.parse(contract.body, example.body), contract.id).not.toThrow();
      expect(() => z.parse(contract.response, example.response), contract.id).not.toThrow();
    }
  });
});
