import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { storeApiV1Contracts } from '@sneakers/shared/contracts/store-api-v1';
import { API_DAILY_QUOTA } from '@sneakers/shared/rules/store-api-limits';
import { storeApiV1Document } from '../../src/reference/document';
import { fieldsOf, renderReferenceHtml, typeOf } from '../../src/reference/render-html';

const page = renderReferenceHtml(storeApiV1Document());
const committed = readFileSync(new URL('../../../../web/public/api-reference.html', import.meta.url), 'utf8');

describe('the API reference page', () => {
  it('is the committed web/public/api-reference.html (run `npm run openapi`)', () => {
    expect(committed).toBe(page);
  });

  it('shows every route with its method, path, fields, example, auth header, limits and errors', () => {
    for (const contract of storeApiV1Contracts) {
      expect(page).toContain(`${contract.method}</span> <code>${contract.path}</code>`);
    }
    for (const text of [
      'x-api-key',
      'Idempotency-Key',
      'RATE_LIMITED',
      'API_KEY_INVALID',
      'ITEM_NOT_AVAILABLE',
    ])
      expect(page).toContain(text);
    expect(page).toContain(API_DAILY_QUOTA.toLocaleString('en-US'));
    expect(page).toContain('<code>buyer_name</code>');
    expect(page).toContain('curl -X POST');
    expect(page).toContain('id="webhooks"');
  });

  it('is static HTML: no script, a few kilobytes', () => {
    expect(page).not.toMatch(/<script/i);
    expect(gzipSync(page).length).toBeLessThan(20 * 1024);
  });

  it('escapes what it shows and describes types in words', () => {
    expect(
      renderReferenceHtml({ ...storeApiV1Document(), info: { title: '<b>x</b>', version: '1' } }),
    ).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(typeOf({ anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] })).toBe(
      'integer, ≥ 0 | null',
    );
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(
      fieldsOf({
        type: 'object',
        required: ['items'],
        properties: {
          items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
        },
      }).map((f) => f.name),
    ).toEqual(['items', 'items[].id']);
  });
});
