export { AppError } from '@gatehouse/errors';
export * from './client';
export * from './server';
export * from './settings';
