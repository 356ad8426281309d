import mjml2html from 'mjml';
import { PRODUCT_NAME, type Locale } from '@estancia/contracts';
import { translate } from '@estancia/i18n';

/** What one e-mail says, in the recipient's language; the layout turns it into HTML and plain text. */
export interface MailContent {
  locale: Locale;
  /** The message's subject: the HTML document's title. */
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  greeting?: string;
  /** Before the code, the button and the facts. */
  paragraphs: string[];
  /** A code the reader types in the product, shown large. */
  code?: string;
  /** The link the e-mail is about, as a button (and as a plain URL in the text part). */
  action?: { label: string; url: string };
  /** Label and value rows (what a visitor sent, for the team). */
  facts?: [string, string][];
  /** After the code, the button and the facts. */
  notes?: string[];
  signature?: string;
  /** For the team (contact requests, problem reports): the footer says so instead of addressing a customer. */
  internal?: boolean;
}

export interface RenderedMail {
  html: string;
  text: string;
}

/** The brand of libs/ui's theme (the API does not load MUI): primary, its dark shade, page background, text. */
const BRAND = {
  primary: '#1d4d5c',
  primaryDark: '#12323c',
  background: '#f7f5f2',
  text: '#1c1c1c',
  muted: '#4f4f4f',
  // Single quotes: MJML writes the stack into double-quoted style attributes.
  font: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

/** Which optional blocks a message has: one compiled layout per combination. */
interface Shape {
  code: boolean;
  action: boolean;
  facts: boolean;
}

/** Values are written into the compiled HTML at these marks; MJML passes them through untouched. */
const SLOT = /%%([A-Z_]+)%%/g;

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A paragraph keeps the line breaks a visitor typed. */
const paragraph = (text: string): string =>
  `<p style="margin:0 0 16px 0">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

/** The MJML source of one shape: brand header, content, optional code / button / facts, footer. */
function layoutSource({ code, action, facts }: Shape): string {
  return `<mjml lang="%%LANG%%">
  <mj-head>
    <mj-title>%%TITLE%%</mj-title>
    <mj-preview>%%PREVIEW%%</mj-preview>
    <mj-attributes>
      <mj-all font-family="${BRAND.font}" />
      <mj-text color="${BRAND.text}" font-size="16px" line-height="24px" padding="0 32px" />
      <mj-section padding="0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${BRAND.background}" width="600px">
    <mj-section background-color="${BRAND.primary}" padding="20px 32px">
      <mj-column>
        <mj-text color="#ffffff" font-size="24px" font-weight="700" line-height="32px" padding="0">
          <a href="%%HOME_URL%%" style="color:#ffffff;text-decoration:none">${PRODUCT_NAME}</a>
        </mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="32px 0 16px 0">
      <mj-column>
        <mj-text>%%INTRO%%</mj-text>${
          code
            ? `
        <mj-text align="center" font-size="32px" line-height="40px" font-weight="700" letter-spacing="6px" color="${BRAND.primaryDark}" padding="8px 32px 24px 32px">%%CODE%%</mj-text>`
            : ''
        }${
          facts
            ? `
        <mj-table font-size="15px" line-height="22px" padding="0 32px 24px 32px" cellpadding="6px">%%FACTS%%</mj-table>`
            : ''
        }${
          action
            ? `
        <mj-button href="%%ACTION_URL%%" background-color="${BRAND.primary}" color="#ffffff" font-size="16px" font-weight="600" border-radius="6px" inner-padding="14px 28px" padding="8px 32px 24px 32px">%%ACTION_LABEL%%</mj-button>`
            : ''
        }
        <mj-text>%%OUTRO%%</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 32px 32px 32px">
      <mj-column>
        <mj-text color="${BRAND.muted}" font-size="13px" line-height="20px" align="center" padding="0">%%FOOTER%%</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/**
 * The branded, responsive layout of every e-mail (MJML), with the plain-text part written from the same
 * content. Each shape is compiled once, on first use, and its HTML reused with the values escaped in.
 */
export class MailLayout {
  private readonly compiled = new Map<string, Promise<string>>();

  /** `homeUrl`: where the header's name and the footer link go (the product's public address). */
  constructor(private readonly homeUrl: string) {}

  async render(content: MailContent): Promise<RenderedMail> {
    const shape: Shape = {
      code: content.code !== undefined,
      action: content.action !== undefined,
      facts: (content.facts?.length ?? 0) > 0,
    };
    const layout = await this.layout(shape);
    const t = (key: string) => translate(content.locale, 'mail', key, { product: PRODUCT_NAME });
    const intro = [...(content.greeting ? [content.greeting] : []), ...content.paragraphs];
    const outro = [...(content.notes ?? []), ...(content.signature ? [content.signature] : [])];
    const reason = t(content.internal ? 'layout.internal' : 'layout.reason');
    const footer = `${escapeHtml(t('layout.tagline'))}<br>${escapeHtml(reason)}<br><a href="${escapeHtml(
      this.homeUrl,
    )}" style="color:${BRAND.primary}">${escapeHtml(this.homeUrl.replace(/^https?:\/\//, ''))}</a>`;
    const values: Record<string, string> = {
      LANG: content.locale,
      TITLE: escapeHtml(content.subject),
      PREVIEW: escapeHtml(content.preview),
      HOME_URL: escapeHtml(this.homeUrl),
      INTRO: intro.map(paragraph).join(''),
      CODE: escapeHtml(content.code ?? ''),
      ACTION_URL: escapeHtml(content.action?.url ?? ''),
      ACTION_LABEL: escapeHtml(content.action?.label ?? ''),
      FACTS: (content.facts ?? [])
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top" style="color:${BRAND.muted};font-weight:600;padding:6px 16px 6px 0;width:35%">${escapeHtml(
              label,
            )}</th><td style="padding:6px 0">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
        )
        .join(''),
      OUTRO: outro.map(paragraph).join(''),
      FOOTER: footer,
    };
    // One pass: a value that happens to contain a mark is not filled in again.
    const html = layout.replace(SLOT, (mark, name: string) => values[name] ?? mark);
    return { html, text: this.text(content, t) };
  }

  /** The plain-text part: the same content, links written out, each on a line of its own. */
  private text(content: MailContent, t: (key: string) => string): string {
    const blocks: string[] = [];
    if (content.greeting) blocks.push(content.greeting);
    blocks.push(...content.paragraphs);
    if (content.code !== undefined) blocks.push(content.code);
    if (content.facts?.length)
      blocks.push(content.facts.map(([label, value]) => `${label}: ${value}`).join('\n'));
    if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
    blocks.push(...(content.notes ?? []));
    if (content.signature) blocks.push(content.signature);
    const reason = t(content.internal ? 'layout.internal' : 'layout.reason');
    blocks.push(`-- \n${t('layout.tagline')}\n${reason}\n${this.homeUrl}`);
    return blocks.join('\n\n');
  }

  private layout(shape: Shape): Promise<string> {
    const key = `${+shape.code}${+shape.action}${+shape.facts}`;
    let layout = this.compiled.get(key);
    if (!layout) {
      layout = compile(layoutSource(shape));
      // A failed compile is not kept: the next message tries again (and reports the same error).
      layout.catch(() => this.compiled.delete(key));
      this.compiled.set(key, layout);
    }
    return layout;
  }
}

/** MJML to HTML; any MJML error is a bug in the layout above, so it fails loudly. */
export async function compile(source: string): Promise<string> {
  try {
    // `fonts: {}`: no web-font links (MJML adds Google Fonts for Roboto and others); the stack uses system fonts.
    const { html, errors } = await mjml2html(source, {
      validationLevel: 'strict',
      keepComments: false,
      fonts: {},
    });
    if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('; '));
    return html;
  } catch (error) {
    throw new Error(`MJML: ${error instanceof Error ? error.message : String(error)}`);
  }
}
