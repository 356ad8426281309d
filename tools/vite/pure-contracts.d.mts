import type { Plugin } from 'vite';

/** Marks the contracts' top-level schema declarations pure, so a page keeps only the schemas it reads. */
export declare function pureContracts(): Plugin;
