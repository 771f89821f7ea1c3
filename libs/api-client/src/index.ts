export * from './client';
export * from './request-id';
export * from './server-api';
export * from './unread-messages';
export * from './staff-api';
export * from './live/live-hub';
export * from './live/live-connection';
export * from './live/live-cache';
