/**
 * The run-length encoding of a mask shape (contracts `maskShapeSchema`): alternating runs of
 * outside/inside pixels, starting outside (so a mask whose first pixel is inside starts with an
 * empty run), through the grid in row-major order, a run going on into the next row. The runs add
 * up to exactly width × height, as the API requires.
 */
export function encodeRuns(mask: ArrayLike<number>, width: number, height: number): number[] {
  const runs: number[] = [];
  const total = width * height;
  let inside = false;
  let run = 0;
  for (let i = 0; i < total; i++) {
    if (Boolean(mask[i]) === inside) run++;
    else {
      runs.push(run);
      inside = !inside;
      run = 1;
    }
  }
  runs.push(run);
  return runs;
}

/** One byte per pixel (1 inside) from a mask's runs; runs past the grid are ignored, pixels past the runs are outside. */
export function decodeRuns(runs: readonly number[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  let position = 0;
  let inside = false;
  for (const run of runs) {
    if (position >= mask.length) break;
    if (inside) mask.fill(1, position, Math.min(mask.length, position + run));
    position += run;
    inside = !inside;
  }
  return mask;
}
