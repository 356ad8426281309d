import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@estancia/contracts';
import { aPhoto } from './test-data';
import { checkFiles, orderCost, redoCost } from './wizard-rules';

const MB = 1024 * 1024;

describe('the wizard checks photos in the browser', () => {
  it('lets a photo over 2 MB through, for photo-fit to reduce', () => {
    const check = checkFiles(0, [aPhoto('big.jpg', 6 * MB), aPhoto('edge.jpg', 2 * MB)]);
    expect(check.refused).toEqual([]);
    expect(check.accepted.map((f) => f.name)).toEqual(['big.jpg', 'edge.jpg']);
  });

  it('refuses files that are not JPEG, PNG or WebP', () => {
    const check = checkFiles(0, [
      aPhoto('page.jpg', 100, 'text/html'),
      aPhoto('anim.gif', 100, 'image/gif'),
      aPhoto('a.png', 100, 'image/png'),
      aPhoto('b.webp', 100, 'image/webp'),
    ]);
    expect(check.refused.map((r) => [r.name, r.code])).toEqual([
      ['page.jpg', ErrorCode.IMAGE_NOT_VALID],
      ['anim.gif', ErrorCode.IMAGE_NOT_VALID],
    ]);
    expect(check.accepted.map((f) => f.name)).toEqual(['a.png', 'b.webp']);
  });

  it('keeps at most 5 photos and reports how many were selected', () => {
    const six = Array.from({ length: 6 }, (_, i) => aPhoto(`p${i}.jpg`));
    expect(checkFiles(0, six)).toMatchObject({ overLimit: 6 });
    expect(checkFiles(0, six).accepted).toHaveLength(5);
    const three = six.slice(0, 3);
    expect(checkFiles(3, three).accepted).toHaveLength(2);
    expect(checkFiles(3, three).overLimit).toBe(6);
    expect(checkFiles(2, three)).toMatchObject({ overLimit: null });
  });

  it('costs 1 credit per automatic and 5 per supervised decoration', () => {
    expect(orderCost(['automatic', 'automatic'])).toBe(2);
    expect(orderCost(['automatic', 'supervised'])).toBe(6);
    expect(orderCost([])).toBe(0);
  });

  it('charges the usual redo cost unless the redo was given free', () => {
    expect(redoCost({ type: 'automatic', freeRedo: false })).toBe(1);
    expect(redoCost({ type: 'supervised', freeRedo: false })).toBe(5);
    expect(redoCost({ type: 'supervised', freeRedo: true })).toBe(0);
  });
});
