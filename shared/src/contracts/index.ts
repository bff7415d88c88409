export * from './contract';
export * from './settings';
export * from './health';
export * from './realtime';
export * from './runtime-config';
export * from './profile';
export * from './auth';
