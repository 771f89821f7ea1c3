export * from './session-slice';
export * from './storage-keys';
export * from './store';
export * from './staff-slice';
