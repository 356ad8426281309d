/** Every migration, in order. A module that changes the schema adds its migration class here. */
export const MIGRATIONS: Function[] = [];
