export * from './document';
export * from './commands';
export * from './state';
export * from './store';
