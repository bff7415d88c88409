// The browser-safe surface. Server-only modules (runtime/, table/, http/) are imported by path.
export * from './errors';
export * from './actor';
export * from './clock';
export * from './money';
export * from './sizes';
export * from './api-client';
export * from './contracts';
export * from './demo';
