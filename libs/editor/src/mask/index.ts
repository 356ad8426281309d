export * from './flood-fill';
export * from './runs';
export * from './surface';
export * from './select-surface';
export { loadOpenCv, type OpenCv } from './opencv';
