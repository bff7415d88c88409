/**
 * Writes the store API's OpenAPI document (services/store-api/src/reference/openapi.json) from
 * the contracts, and the reference page rendered from it (web/public/api-reference.html, which
 * the web build copies as is): `npm run openapi`. A unit test fails while either is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { storeApiV1Document } from '../src/reference/document';
import { renderReferenceHtml } from '../src/reference/render-html';

const target = fileURLToPath(new URL('../src/reference/openapi.json', import.meta.url));
const options = { ...(await resolveConfig(target)), parser: 'json' };
const document = storeApiV1Document();
writeFileSync(target, await format(JSON.stringify(document), options));
console.log(`wrote ${target}`);
const page = fileURLToPath(new URL('../../../web/public/api-reference.html', import.meta.url));
writeFileSync(page, renderReferenceHtml(document));
console.log(`wrote ${page}`);
