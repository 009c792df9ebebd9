export * from './client';
export * from './errors';
export * from './health-client';
export * from './pairs';
export * from './server';
