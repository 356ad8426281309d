import type { DescriptionFacts } from '@estancia/contracts';
import { BuiltInDescriptionWriter } from './built-in-description.writer';

const FACTS: DescriptionFacts = {
  language: 'cat',
  location: 'Gràcia, Barcelona',
  squareMeters: 85,
  bedrooms: 3,
  bathrooms: 2,
  propertyType: 'penthouse',
  features: ['terrace', 'elevator'],
};

describe('the built-in description writer', () => {
  it('writes a publishable listing: paragraphs, 600–1,200 characters, the facts in the facts’ language', async () => {
    const text = await new BuiltInDescriptionWriter().write({ facts: FACTS, seed: 42 });
    expect(text.length).toBeGreaterThanOrEqual(600);
    expect(text.length).toBeLessThanOrEqual(1200);
    expect(text.split('\n\n').length).toBeGreaterThanOrEqual(3);
    for (const fact of ['Gràcia, Barcelona', '85 m', '3 ', '2 banys', 'terrassa', 'ascensor', 'àtic'])
      expect(text).toContain(fact);
  });

  it('gives each regeneration (the next seed) another text, and the same seed the same text', async () => {
    const writer = new BuiltInDescriptionWriter();
    const texts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => writer.write({ facts: FACTS, seed: 500 + i })),
    );
    expect(new Set(texts).size).toBe(texts.length);
    expect(await writer.write({ facts: FACTS, seed: 500 })).toBe(texts[0]);
  });
});
