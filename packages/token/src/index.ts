export * from './basic';
export * from './claims';
export * from './jwt';
export * from './keys';
export * from './refusals';
export * from './request';
export * from './service';
