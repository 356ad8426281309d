export * from './flood-fill';
export * from './runs';
