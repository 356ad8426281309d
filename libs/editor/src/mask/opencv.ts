/**
 * The little of OpenCV's JavaScript build (@techstark/opencv-js, WebAssembly) the surface selection
 * uses, typed here: the package's own types pull in a large unrelated library.
 */
export interface CvMat {
  readonly data: Uint8Array;
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
}

let loading: Promise<OpenCv> | null = null;

type Instance = Partial<OpenCv> & { onRuntimeInitialized?: () => void };

/**
 * Loads OpenCV once (about 0.2 s in Node, 8 MB of WebAssembly). Only the selection worker, the
 * benchmark and the tests call it: a dynamic import, so no app bundle carries it.
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= import('@techstark/opencv-js').then(async (mod: unknown) => {
    // Bundlers and Node box the CommonJS export under `default`, once or twice.
    let instance = mod as Instance & { default?: unknown; then?: unknown };
    for (let i = 0; i < 3 && !instance.Mat && typeof instance.then !== 'function' && instance.default; i++)
      instance = instance.default as typeof instance;
    // The Emscripten instance is a thenable that calls back with itself: resolving a promise with it
    // never settles. Wait for its runtime through its `then`, then drop that so it can be handed over.
    await new Promise<void>((resolve) => {
      if (typeof instance.then === 'function')
        (instance.then as (ready: () => void) => void)(() => resolve());
      else if (instance.Mat) resolve();
      else instance.onRuntimeInitialized = () => resolve();
    });
    delete instance.then;
    return instance as OpenCv;
  });
  return loading;
}
