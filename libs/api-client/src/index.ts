export * from './client';
export * from './accounts';
