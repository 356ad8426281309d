export * from './flood-fill';
export * from './runs';
export * from './surface';
