/**
 * Every TypeORM entity, listed once (no globs: the same list works from source in tests and
 * from dist in production). A module that adds an entity adds it here.
 */
export const ENTITIES: Function[] = [];
