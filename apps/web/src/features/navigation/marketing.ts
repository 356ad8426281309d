/** The marketing site the logo and the footer lead to. */
export const MARKETING_SITE = 'https://estancia.ai';

export const MARKETING_LINKS = [
  { key: 'howItWorks', href: `${MARKETING_SITE}/how-it-works` },
  { key: 'pricing', href: `${MARKETING_SITE}/pricing` },
  { key: 'contact', href: `${MARKETING_SITE}/contact` },
  { key: 'faq', href: `${MARKETING_SITE}/faq` },
  { key: 'news', href: `${MARKETING_SITE}/news` },
  { key: 'blog', href: `${MARKETING_SITE}/blog` },
  { key: 'privacy', href: `${MARKETING_SITE}/privacy` },
  { key: 'cookies', href: `${MARKETING_SITE}/cookies` },
] as const;

export const SOCIAL_LINKS = [
  { key: 'instagram', href: 'https://www.instagram.com/estancia.ai' },
  { key: 'linkedin', href: 'https://www.linkedin.com/company/estancia-ai' },
  { key: 'youtube', href: 'https://www.youtube.com/@estancia-ai' },
  { key: 'x', href: 'https://x.com/estancia_ai' },
] as const;
