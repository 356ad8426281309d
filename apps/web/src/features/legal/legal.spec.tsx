import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@estancia/i18n';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { i18n } from '../../shared/i18n';
import { session } from '../session/session';
import { LEGAL_DOCUMENTS, LEGAL_SECTIONS } from './legal-documents';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const TITLES = {
  terms: 'Condiciones de uso',
  privacy: 'Política de privacidad',
  cookies: 'Política de cookies',
} as const;

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

const hrefs = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');

describe('the legal pages', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  for (const document of LEGAL_DOCUMENTS) {
    it(`shows /legal/${document} to a visitor, one h2 per section`, async () => {
      fakeApi();
      const app = renderApp(`/legal/${document}`);
      await h1(TITLES[document]);
      expect(app.location().pathname).toBe(`/legal/${document}`);
      const article = screen.getByRole('article', { name: TITLES[document] });
      expect(within(article).getAllByRole('heading', { level: 2 })).toHaveLength(
        LEGAL_SECTIONS[document].length,
      );
      // No paragraph shows a raw key or an unrendered <tag>.
      expect(article.textContent).not.toMatch(/legal\.|<\/?\w+>/);
      // The other two documents are one click away.
      const others = screen.getByRole('navigation', { name: 'Otros textos legales' });
      expect(hrefs(others).sort()).toEqual(
        LEGAL_DOCUMENTS.filter((d) => d !== document)
          .map((d) => `/legal/${d}`)
          .sort(),
      );
    });
  }

  it('has exactly the paragraphs legal-documents.ts lists, in the catalogue', () => {
    const catalogue = resources.es.web.legal as unknown as Record<
      string,
      { sections: Record<string, Record<string, string>> }
    >;
    for (const document of LEGAL_DOCUMENTS) {
      const sections = catalogue[document].sections;
      expect(Object.keys(sections)).toEqual(LEGAL_SECTIONS[document].map((s) => s.key));
      for (const section of LEGAL_SECTIONS[document]) {
        const paragraphs = Array.from({ length: section.paragraphs }, (_, i) => `p${i + 1}`);
        expect(Object.keys(sections[section.key]).sort(), `${document}.${section.key}`).toEqual(
          ['title', ...paragraphs].sort(),
        );
      }
    }
  });

  it('points the privacy rights to the account page and the contact page, inside the product', async () => {
    fakeApi();
    renderApp('/legal/privacy');
    await h1(TITLES.privacy);
    const rights = screen.getByRole('region', { name: '6. Tus derechos' });
    expect(rights.textContent).toContain('«Exportar mis datos»');
    expect(rights.textContent).toContain('«Eliminar mi cuenta»');
    expect(within(rights).getByRole('link', { name: 'Mi cuenta' }).getAttribute('href')).toBe('/account');
    expect(within(rights).getByRole('link', { name: 'página de contacto' }).getAttribute('href')).toBe(
      '/contact-us',
    );
  });

  it('shows the not-found page for an unknown document, at its URL', async () => {
    fakeApi();
    const app = renderApp('/legal/refunds');
    await h1('Página no encontrada');
    expect(app.location().pathname).toBe('/legal/refunds');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('opens for a signed-in customer too and speaks the interface language', async () => {
    fakeApi();
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/legal/terms');
    await h1(TITLES.terms);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    await act(() => i18n.changeLanguage('ca'));
    expect(screen.getByRole('heading', { level: 1, name: "Condicions d'ús" })).toBeTruthy();
  });
});

describe('links to the legal pages', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  const legalFooterLinks = () => {
    const legal = within(screen.getByRole('contentinfo')).getByRole('navigation', {
      name: 'Información legal',
    });
    return within(legal)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  };
  const EXPECTED = [
    ['Condiciones de uso', '/legal/terms'],
    ['Privacidad', '/legal/privacy'],
    ['Cookies', '/legal/cookies'],
  ];

  it('puts the three legal pages in the footer for a visitor, every footer link inside the product', async () => {
    fakeApi();
    renderApp('/contact-us');
    await h1('Contacto');
    expect(legalFooterLinks()).toEqual(EXPECTED);
    for (const href of hrefs(screen.getByRole('contentinfo'))) expect(href).toMatch(/^\/(?!\/)/);
  });

  it('puts them in the footer for a signed-in customer', async () => {
    fakeApi();
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/contact-us');
    await h1('Contacto');
    expect(legalFooterLinks()).toEqual(EXPECTED);
    for (const href of hrefs(screen.getByRole('contentinfo'))) expect(href).toMatch(/^\/(?!\/)/);
  });

  it('links the Register consent to our own terms and privacy pages, in a new tab so the form stays', async () => {
    fakeApi();
    renderApp('/register/');
    await h1('Crea tu cuenta de Estancia');
    const terms = screen.getByRole('link', { name: 'condiciones de uso' });
    const privacy = screen.getByRole('link', { name: 'política de privacidad' });
    expect(terms.getAttribute('href')).toBe('/legal/terms');
    expect(privacy.getAttribute('href')).toBe('/legal/privacy');
    expect([terms.getAttribute('target'), privacy.getAttribute('target')]).toEqual(['_blank', '_blank']);
  });
});
