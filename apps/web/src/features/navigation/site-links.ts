import { pathTo } from '../../app/route-meta';
import { LANDING_SECTIONS } from '../landing/landing-sections';
import { LEGAL_DOCUMENTS, legalPath, type LegalDocument } from '../legal/legal-documents';

export type SiteLinkKey = 'howItWorks' | 'pricing' | 'tryFree' | 'contact' | 'faq';

export interface SiteLink {
  key: SiteLinkKey;
  to: string;
}

const onLanding = (section: string) => `${pathTo('Login')}#${section}`;

/**
 * The footer's links, all inside the product: a visitor is sent to the sections of the sign-in page
 * (the landing), a signed-in customer to the Help page, which they can open.
 */
export function siteLinks(signedIn: boolean): SiteLink[] {
  if (signedIn) {
    return [
      { key: 'howItWorks', to: `${pathTo('Help')}#help-video` },
      { key: 'pricing', to: pathTo('Offers') },
      { key: 'contact', to: pathTo('ContactUs') },
      { key: 'faq', to: `${pathTo('Help')}#help-faq` },
    ];
  }
  return [
    { key: 'howItWorks', to: onLanding(LANDING_SECTIONS.howItWorks) },
    { key: 'pricing', to: pathTo('Offers') },
    { key: 'tryFree', to: pathTo('FileUpload') },
    { key: 'contact', to: pathTo('ContactUs') },
    { key: 'faq', to: onLanding(LANDING_SECTIONS.faq) },
  ];
}

/** The terms of use, privacy and cookie policies, for visitors and signed-in customers alike. */
export const legalLinks = (): { key: LegalDocument; to: string }[] =>
  LEGAL_DOCUMENTS.map((document) => ({ key: document, to: legalPath(document) }));
