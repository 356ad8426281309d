/**
 * The little of OpenCV's JavaScript build (@techstark/opencv-js, WebAssembly) the surface selection
 * uses, typed here: the package's own types pull in a large unrelated library.
 */
export interface CvMat {
  readonly data: Uint8Array;
  readonly data32S: Int32Array;
  delete(): void;
}

export interface OpenCv {
  Mat: new (rows?: number, cols?: number, type?: number) => CvMat;
  Rect: new (x: number, y: number, width: number, height: number) => unknown;
  CV_8UC1: number;
  CV_8UC3: number;
  GC_INIT_WITH_MASK: number;
  grabCut(
    image: CvMat,
    mask: CvMat,
    rect: unknown,
    bgdModel: CvMat,
    fgdModel: CvMat,
    iterations: number,
    mode: number,
  ): void;
  /** Seeds the random generator GrabCut's k-means starts from (0: the one a fresh process has). */
  setRNGSeed(seed: number): void;
  Canny(image: CvMat, edges: CvMat, threshold1: number, threshold2: number): void;
  HoughLinesP(
    image: CvMat,
    lines: CvMat,
    rho: number,
    theta: number,
    threshold: number,
    minLineLength: number,
    maxLineGap: number,
  ): void;
}

let loading: Promise<OpenCv> | null = null;

type Instance = Partial<OpenCv> & { onRuntimeInitialized?: () => void; default?: unknown; then?: unknown };

/**
 * Loads OpenCV once (about 0.2 s in Node, 8 MB of WebAssembly). The benchmark and the tests call it:
 * a dynamic import, so no app bundle carries it. The selection worker imports the module statically
 * and hands it to `openCvFrom` (see there why not this).
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= import('@techstark/opencv-js').then(openCvFrom);
  return loading;
}

/**
 * The ready OpenCV instance of the imported module. Bundlers and Node box the CommonJS export under
 * `default`, once or twice; a bundler's box copies the instance's `then` too. The Emscripten instance is
 * a thenable that calls back with itself, so resolving a promise with it (or with such a box: a bundled
 * dynamic `import()` does) never settles. Wait for its runtime through its `then`, then drop that.
 */
export async function openCvFrom(mod: unknown): Promise<OpenCv> {
  let instance = mod as Instance;
  for (let i = 0; i < 3 && instance.default && typeof instance.default === 'object'; i++)
    instance = instance.default as Instance;
  await new Promise<void>((resolve) => {
    if (typeof instance.then === 'function') (instance.then as (ready: () => void) => void)(() => resolve());
    else if (instance.Mat) resolve();
    else instance.onRuntimeInitialized = () => resolve();
  });
  delete instance.then;
  return instance as OpenCv;
}
