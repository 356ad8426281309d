import { colourDistance, colourMatch } from './colour-match';

describe('colour match', () => {
  it('measures perceptual distance', () => {
    expect(colourDistance('#ffffff', '#ffffff')).toBe(0);
    expect(colourDistance('#000000', '#ffffff')).toBeCloseTo(100, 0);
    expect(colourDistance('#4d7898', '#3f6567')).toBeLessThan(colourDistance('#4d7898', '#c0775a'));
  });

  it('ranks colours by their nearest palette colour', () => {
    const palette = [
      { hex: '#4a76a0', share: 0.6 },
      { hex: '#eeeae0', share: 0.2 },
    ];
    const blue = colourMatch('#4d7898', palette);
    const white = colourMatch('#eeeae0', palette);
    const terracotta = colourMatch('#c0775a', palette);
    expect(blue).toBeGreaterThan(terracotta);
    expect(white).toBeGreaterThan(terracotta);
    expect(colourMatch('#4d7898', [])).toBe(0);
  });
});
