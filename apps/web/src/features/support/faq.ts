import type { TFunction } from 'i18next';

/** The questions of the Help page, in the order shown; texts live in `support.faq.<id>.{q,a}`. */
export const FAQ_IDS = [
  'credits',
  'automaticVsSupervised',
  'supervisedTime',
  'redo',
  'plans',
  'packs',
  'freeTry',
  'downloads',
  'descriptions',
  'api',
  'photos',
  'cancel',
] as const;
export type FaqId = (typeof FAQ_IDS)[number];

export interface FaqEntry {
  id: FaqId;
  question: string;
  answer: string;
}

/** Lower case without accents, so "credito" finds "crédito" and "redecoracio" finds "redecoració". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The questions in the interface language whose question or answer holds every word searched for. */
export function searchFaq(t: TFunction, query: string): FaqEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return FAQ_IDS.map((id) => ({
    id,
    question: t(`support.faq.${id}.q`),
    answer: t(`support.faq.${id}.a`),
  })).filter((entry) => {
    const haystack = fold(`${entry.question} ${entry.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
