/**
 * Writes the store API's OpenAPI document (services/store-api/src/reference/openapi.json) from
 * the contracts: `npm run openapi`. A unit test fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { storeApiV1Document } from '../src/reference/document';

const target = fileURLToPath(new URL('../src/reference/openapi.json', import.meta.url));
const options = { ...(await resolveConfig(target)), parser: 'json' };
writeFileSync(target, await format(JSON.stringify(storeApiV1Document()), options));
console.log(`wrote ${target}`);
