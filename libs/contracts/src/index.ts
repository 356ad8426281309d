export * from './errors';
export * from './enums';
export * from './constants';
export * from './identity';
export * from './wallet';
export * from './platform';
export * from './admin';
export * from './events';
