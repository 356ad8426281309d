/**
 * A tiny software 2D canvas for the unit tests (happy-dom draws nothing): whole-image drawImage with
 * nearest sampling, filled polygons (pixel centres, even-odd), 'source-over', 'source-in' and
 * 'destination-out' on straight alpha, clearRect and getImageData.
 */
export interface TestPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** A picture of one colour per pixel, from `colour(x, y)` as [r, g, b, a]. */
export function testImage(
  width: number,
  height: number,
  colour: (x: number, y: number) => number[],
): TestPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 4);
  return { width, height, data };
}

class TestContext {
  globalCompositeOperation = 'source-over';
  fillStyle = '#000';
  strokeStyle = '#000';
  imageSmoothingEnabled = true;
  private path: number[] = [];
  private saved: string[] = [];
  constructor(private readonly canvas: TestCanvas) {}

  save(): void {
    this.saved.push(this.globalCompositeOperation);
  }
  restore(): void {
    this.globalCompositeOperation = this.saved.pop() ?? 'source-over';
  }
  beginPath(): void {
    this.path = [];
  }
  moveTo(x: number, y: number): void {
    this.path.push(x, y);
  }
  lineTo(x: number, y: number): void {
    this.path.push(x, y);
  }
  closePath(): void {}

  /** The path filled in opaque black (the areas' coverage). */
  fill(): void {
    const { width, height } = this.canvas;
    const points = this.path;
    const shape = testImage(width, height, (x, y) => {
      let inside = false;
      for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) {
        const [xi, yi, xj, yj] = [points[i]!, points[i + 1]!, points[j]!, points[j + 1]!];
        if (yi > y + 0.5 !== yj > y + 0.5 && x + 0.5 < ((xj - xi) * (y + 0.5 - yi)) / (yj - yi) + xi)
          inside = !inside;
      }
      return [0, 0, 0, inside ? 255 : 0];
    });
    this.drawImage(shape, 0, 0);
  }

  clearRect(): void {
    this.canvas.data.fill(0);
  }

  drawImage(source: TestPixels, dx: number, dy: number, dw = source.width, dh = source.height): void {
    const { width, height, data } = this.canvas;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const sx = Math.floor(((x - dx + 0.5) * source.width) / dw);
        const sy = Math.floor(((y - dy + 0.5) * source.height) / dh);
        const inside = sx >= 0 && sy >= 0 && sx < source.width && sy < source.height;
        const j = (sy * source.width + sx) * 4;
        const sa = inside ? source.data[j + 3]! / 255 : 0;
        const da = data[i + 3]! / 255;
        if (this.globalCompositeOperation === 'destination-out') {
          data[i + 3] = Math.round(da * (1 - sa) * 255);
          continue;
        }
        if (this.globalCompositeOperation === 'source-in') {
          for (let c = 0; c < 3; c++) data[i + c] = inside ? source.data[j + c]! : 0;
          data[i + 3] = Math.round(sa * da * 255);
          continue;
        }
        const a = sa + da * (1 - sa);
        for (let c = 0; c < 3; c++) {
          const s = inside ? source.data[j + c]! : 0;
          data[i + c] = a ? Math.round((s * sa + data[i + c]! * da * (1 - sa)) / a) : 0;
        }
        data[i + 3] = Math.round(a * 255);
      }
  }

  getImageData(x: number, y: number, width: number, height: number): TestPixels {
    return { width, height, data: Uint8ClampedArray.from(this.canvas.data) };
  }
}

export class TestCanvas implements TestPixels {
  readonly data: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }

  getContext(): TestContext {
    return new TestContext(this);
  }
}
