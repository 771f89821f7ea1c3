export * from './validation';
export * from './constants';
export * from './envelope';
export * from './money';
export * from './locales';
export * from './account';
export * from './catalog';
export * from './records';
