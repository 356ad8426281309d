import type { DescriptionFacts } from '@estancia/contracts';
import { descriptionMessages } from './chat-completions-description.writer';

const FACTS: DescriptionFacts = {
  language: 'es',
  location: 'Gràcia, Barcelona',
  squareMeters: 85,
  bedrooms: 0,
  bathrooms: 1,
  propertyType: 'apartment',
  features: ['terrace'],
};

describe('the chat-completions prompt', () => {
  it('asks for the built-in composer’s shape: length, paragraphs, each fact once, features woven in', () => {
    const [system, user] = descriptionMessages(FACTS, 7);
    expect(system!.content).toMatch(/Spanish/);
    expect(system!.content).toMatch(
      /600 to 1200 characters, in 3 or 4 paragraphs separated by one blank line/,
    );
    expect(system!.content).toMatch(/never add/);
    expect(system!.content).toMatch(/exactly once: the location once, the property type once/);
    expect(system!.content).toMatch(/Weave each feature into a sentence of its own/);
    expect(user!.content).toContain('Bedrooms: 0 (a studio: no separate bedrooms)');
    expect(user!.content).toContain('Features: terrace');
  });

  it('asks each regeneration (the next seed) for another structure', () => {
    const structure = (seed: number) =>
      /Structure: (.*)$/.exec(descriptionMessages(FACTS, seed)[0]!.content)![1];
    for (let seed = 100; seed < 110; seed++) expect(structure(seed + 1)).not.toBe(structure(seed));
    expect(structure(3)).toBe(structure(8));
  });
});
