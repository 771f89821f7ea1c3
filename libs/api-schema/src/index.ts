export * from './common';
export * from './accounts';
export * from './catalogue';
export * from './wallet';
export * from './system';
export * from './messages';
export * from './community';
export * from './team';
