import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@estancia/contracts';
import {
  encodeWithin,
  fitPhoto,
  fitPhotos,
  formatMegabytes,
  type DecodedPhoto,
  type Encode,
  type Size,
} from './photo-fit';

const MB = 1024 * 1024;

/** A stand-in JPEG encoder: bytes grow with the area and the quality, like a real one. */
function fakeEncoder(bytesPerPixelAtFullQuality: number) {
  const calls: { size: Size; quality: number }[] = [];
  const encode: Encode = async (size, quality) => {
    calls.push({ size, quality });
    const bytes = Math.round(size.width * size.height * bytesPerPixelAtFullQuality * quality * quality);
    return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  };
  return { encode, calls };
}

const decoded = (size: Size, encode: Encode, close: () => void = vi.fn()): DecodedPhoto => ({
  ...size,
  encode,
  close,
});

const fileOf = (bytes: number, name = 'IMG_1234.JPG', type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('encodeWithin', () => {
  it('lowers the quality first when the photo is only a little over the limit', async () => {
    // 4032×3024 at 0.9 → ~2.45 MB: one quality step (0.8 → ~1.93 MB) fits.
    const { encode, calls } = fakeEncoder(0.26);
    const result = await encodeWithin({ width: 4032, height: 3024 }, 2 * MB, encode);
    expect(calls.map((c) => c.quality)).toEqual([0.9, 0.8]);
    expect(result).toMatchObject({ width: 4032, height: 3024, quality: 0.8 });
    expect(result!.blob.size).toBeLessThanOrEqual(2 * MB);
  });

  it('shrinks a photo far over the limit, keeping its proportions', async () => {
    const { encode, calls } = fakeEncoder(1.2);
    const result = await encodeWithin({ width: 4000, height: 3000 }, 2 * MB, encode);
    expect(result).not.toBeNull();
    expect(result!.blob.size).toBeLessThanOrEqual(2 * MB);
    expect(result!.width).toBeLessThan(4000);
    expect(result!.width / result!.height).toBeCloseTo(4 / 3, 2);
    // Each attempt is smaller than the one before.
    const sizes = calls.map((c) => c.size.width * c.size.height * c.quality * c.quality);
    sizes.slice(1).forEach((size, i) => expect(size).toBeLessThan(sizes[i]));
  });

  it('never makes a photo bigger, and caps the longest side', async () => {
    const small = fakeEncoder(0.1);
    expect(await encodeWithin({ width: 1500, height: 2000 }, 2 * MB, small.encode)).toMatchObject({
      width: 1500,
      height: 2000,
    });
    const huge = fakeEncoder(0.01);
    const result = await encodeWithin({ width: 8192, height: 6144 }, 2 * MB, huge.encode);
    expect(result).toMatchObject({ width: 4096, height: 3072 });
  });

  it('gives up rather than make the photo too small to decorate', async () => {
    // Noise that no size fits: every encoding is 3 MB.
    const encode: Encode = async () => new Blob([new Uint8Array(3 * MB)]);
    const spy = vi.fn(encode);
    expect(await encodeWithin({ width: 4000, height: 3000 }, 2 * MB, spy)).toBeNull();
    const last = spy.mock.calls.at(-1)![0];
    expect(Math.max(last.width, last.height)).toBeGreaterThanOrEqual(1024);
  });
});

describe('fitPhoto', () => {
  it('leaves a photo within the limit untouched, without decoding it', async () => {
    const decode = vi.fn();
    const file = fileOf(1.5 * MB);
    expect(await fitPhoto(file, { decode })).toEqual({
      ok: true,
      file,
      originalBytes: file.size,
      reduced: false,
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image we accept', async () => {
    expect(await fitPhoto(fileOf(100, 'plano.pdf', 'application/pdf'))).toEqual({
      ok: false,
      name: 'plano.pdf',
      code: ErrorCode.IMAGE_NOT_VALID,
    });
  });

  it('reduces a 6 MB phone photo to a JPEG within 2 MB and frees the decoded pixels', async () => {
    const close = vi.fn();
    const { encode } = fakeEncoder(0.6);
    const fit = await fitPhoto(fileOf(6 * MB, 'IMG_1234.HEIC.png', 'image/png'), {
      decode: async () => decoded({ width: 4032, height: 3024 }, encode, close),
    });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit).toMatchObject({ originalBytes: 6 * MB, reduced: true });
    expect(fit.file.size).toBeLessThanOrEqual(2 * MB);
    expect(fit.file.type).toBe('image/jpeg');
    expect(fit.file.name).toBe('IMG_1234.HEIC.jpg');
    expect(close).toHaveBeenCalledOnce();
  });

  it('refuses as too large a big file the browser cannot decode or reduce', async () => {
    const undecodable = await fitPhoto(fileOf(3 * MB, 'grande.jpg'), {
      decode: () => Promise.reject(new Error('not an image')),
    });
    expect(undecodable).toEqual({ ok: false, name: 'grande.jpg', code: ErrorCode.IMAGE_TOO_LARGE });

    const close = vi.fn();
    const stubborn = await fitPhoto(fileOf(3 * MB, 'ruido.jpg'), {
      decode: async () =>
        decoded({ width: 4000, height: 3000 }, async () => new Blob([new Uint8Array(3 * MB)]), close),
    });
    expect(stubborn).toEqual({ ok: false, name: 'ruido.jpg', code: ErrorCode.IMAGE_TOO_LARGE });
    expect(close).toHaveBeenCalledOnce();
  });

  it('fits several photos one after another, in order', async () => {
    let decoding = 0;
    let mostAtOnce = 0;
    const decode = async () => {
      decoding += 1;
      mostAtOnce = Math.max(mostAtOnce, decoding);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return decoded({ width: 4000, height: 3000 }, fakeEncoder(0.6).encode, () => {
        decoding -= 1;
      });
    };
    const fits = await fitPhotos([fileOf(5 * MB, 'a.jpg'), fileOf(MB, 'b.jpg'), fileOf(7 * MB, 'c.jpg')], {
      decode,
    });
    expect(fits.map((fit) => fit.ok && fit.reduced)).toEqual([true, false, true]);
    expect(mostAtOnce).toBe(1);
  });
});

describe('formatMegabytes', () => {
  it('writes megabytes with one decimal in the interface language', () => {
    expect(formatMegabytes(6.2 * MB, 'en')).toBe('6.2 MB');
    expect(formatMegabytes(1.8 * MB, 'es')).toBe('1,8 MB');
  });
});
