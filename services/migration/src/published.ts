/**
 * What the local cloud and the cross-service suites may use of migration besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md): the import use cases, the worker and their
 * adapters, for the import benchmark (tests/bench/migration-import.ts), which runs the job in
 * its own process to sample the worker's memory.
 */
export { createImport, dryRunImport, mapImport, readImportFile } from './imports/domain';
export { createImportsRepository } from './imports/repository';
export { createCatalogMatcher } from './imports/catalog-matcher';
export { createMappingsRepository } from './mappings/repository';
export { createImportFiles } from './files/storage';
export { runImportJob } from './jobs/domain';
export { sourceKey } from './files/ports';
