import { pathTo } from '../../app/route-meta';

/** The legal texts the product publishes itself, each at /legal/<document>. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const isLegalDocument = (value: unknown): value is LegalDocument =>
  LEGAL_DOCUMENTS.includes(value as LegalDocument);

export interface LegalSection {
  /** The catalogue key under legal.<document>.sections. */
  key: string;
  /** Its paragraphs are p1…pN in the catalogue (plain keys: the catalogue check compares leaf strings). */
  paragraphs: number;
}

/** Each document's sections in reading order; a spec checks the catalogue has exactly these paragraphs. */
export const LEGAL_SECTIONS: Record<LegalDocument, readonly LegalSection[]> = {
  terms: [
    { key: 'service', paragraphs: 2 },
    { key: 'account', paragraphs: 3 },
    { key: 'credits', paragraphs: 4 },
    { key: 'content', paragraphs: 3 },
    { key: 'results', paragraphs: 2 },
    { key: 'supervised', paragraphs: 2 },
    { key: 'liability', paragraphs: 3 },
    { key: 'changes', paragraphs: 2 },
    { key: 'law', paragraphs: 1 },
  ],
  privacy: [
    { key: 'controller', paragraphs: 1 },
    { key: 'data', paragraphs: 4 },
    { key: 'purposes', paragraphs: 4 },
    { key: 'retention', paragraphs: 3 },
    { key: 'processors', paragraphs: 3 },
    { key: 'rights', paragraphs: 3 },
  ],
  cookies: [
    { key: 'summary', paragraphs: 2 },
    { key: 'storage', paragraphs: 4 },
    { key: 'thirdParties', paragraphs: 2 },
    { key: 'control', paragraphs: 2 },
  ],
};

export const paragraphKeys = (document: LegalDocument, section: LegalSection): string[] =>
  Array.from({ length: section.paragraphs }, (_, i) => `legal.${document}.sections.${section.key}.p${i + 1}`);

export const legalPath = (document: LegalDocument): string => pathTo('Legal', { document });
