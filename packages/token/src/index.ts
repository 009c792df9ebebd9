export * from './basic';
export * from './claims';
export { userSchema } from './claims-schema';
export * from './jwt';
export * from './keys';
export * from './refusals';
export * from './request';
export * from './sealed';
export * from './service';
