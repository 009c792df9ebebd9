export * from './access';
export * from './client';
export * from './errors';
export * from './health-client';
export * from './internal-auth';
export * from './pairs';
export * from './server';
