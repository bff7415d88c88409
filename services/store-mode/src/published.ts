/**
 * What the local cloud and the cross-service suites may use of store-mode besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md). Nothing yet: the demo seed writes through
 * the routes. Export here, by name, what a benchmark or the seed needs below the HTTP layer.
 */
export {};
