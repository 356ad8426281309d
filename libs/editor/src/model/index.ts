export * from './document';
export * from './commands';
export * from './history';
export * from './state';
export * from './store';
