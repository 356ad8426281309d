import type { Plugin } from 'vite';

/** Text types worth compressing; images, fonts and videos are compressed already. */
export declare const COMPRESSIBLE: RegExp;
/** Writes the .br and .gz copies of every compressible file under `dir`; answers how many files. */
export declare function precompressDir(dir: string): Promise<number>;
/** Writes `<file>.br` and `<file>.gz` beside every text file of the build, after it. */
export declare function precompress(): Plugin;
