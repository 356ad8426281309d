/** The landing's sections that other pages link to (`/login/#how-it-works`), by their element ids. */
export const LANDING_SECTIONS = {
  examples: 'examples',
  howItWorks: 'how-it-works',
  plans: 'plans',
  faq: 'faq',
} as const;
