export * from './claims';
export * from './jwt';
export * from './service';
