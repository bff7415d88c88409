/**
 * What the local cloud and the cross-service suites may use of deals besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md): the bench (`npm run bench -- deals`) builds
 * every match from scratch with the matcher's pure function and counts the board's requests
 * with the use case on its own client.
 */
export { allMatches, sourceOf } from './matching/domain';
export type { DealSource, ItemFacts, OwnerProfile } from './matching/ports';
export { listDeals } from './board/domain';
export { createBoardRepository } from './board/repository';
