export * from './client';
export * from './accounts';
export * from './request-id';
export * from './server-api';
export * from './unread-messages';
export * from './staff-api';
