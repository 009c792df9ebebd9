export { AppError } from '@gatehouse/grpc-kit';
export * from './client';
export * from './server';
export * from './settings';
