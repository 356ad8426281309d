import type { Locale, RoomType, Style } from '@estancia/contracts';
import { translate } from '@estancia/i18n';

/**
 * A downloaded file's name, twice: `utf8` as the customer reads it ("Piso-Gràcia_salón_escandinavo_1.jpg")
 * and `ascii`, the same name with accents folded ("Piso-Gracia_salon_escandinavo_1.jpg") for clients that
 * ignore RFC 6266's `filename*` and for file systems that mangle anything else.
 */
export interface DownloadName {
  ascii: string;
  utf8: string;
}

/** What names a file when the property has no name of its own (a visitor's free try). */
const PRODUCT_NAME = 'Estancia';
const PRODUCT_PART: DownloadName = { ascii: PRODUCT_NAME, utf8: PRODUCT_NAME };
/** Each part is cut here, so a long property name still leaves room for the room and the style. */
const PART_MAX = 60;

/** Letters that Unicode does not decompose into a base letter and an accent. */
const ASCII_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  þ: 'th',
};

/** Runs of dashes made one, cut to PART_MAX characters (never half a character), no dash or dot at either end. */
const tidy = (text: string) =>
  [...text.replace(/-{2,}/g, '-').replace(/^[-.]+/, '')]
    .slice(0, PART_MAX)
    .join('')
    .replace(/[-.]+$/, '');

/**
 * One part of a name: letters (any script, accents kept), digits, dots and dashes; anything else
 * (blanks, punctuation, the underscore that separates the parts) becomes a dash, and the Catalan
 * middle dot of "l·l" goes. Null when nothing is left.
 */
function namePart(text: string, lowerCase: boolean): DownloadName | null {
  const utf8 = tidy(
    (lowerCase ? text.toLocaleLowerCase() : text)
      .normalize('NFC')
      .replace(/·/g, '')
      .replace(/[^\p{L}\p{M}\p{N}.-]+/gu, '-'),
  );
  const ascii = tidy(
    utf8
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9.-]/g, (ch) => ASCII_LETTERS[ch] ?? '-'),
  );
  if (!utf8) return null;
  // A name in another script has no ASCII letters: the ASCII fallback names the product instead.
  return { ascii: ascii || PRODUCT_NAME, utf8 };
}

function joinParts(parts: (DownloadName | null)[], extension: string): DownloadName {
  const present = parts.filter((part): part is DownloadName => part !== null);
  const named = present.length ? present : [PRODUCT_PART];
  const ext = extension.replace(/^\./, '').toLowerCase();
  return {
    ascii: `${named.map((p) => p.ascii).join('_')}.${ext}`,
    utf8: `${named.map((p) => p.utf8).join('_')}.${ext}`,
  };
}

const roomLabel = (roomType: RoomType, locale: Locale) =>
  namePart(translate(locale, 'web', `catalogue.roomTypes.${roomType}`), true);
const styleLabel = (style: Style, locale: Locale) =>
  namePart(translate(locale, 'web', `catalogue.styles.${style}`), true);

/**
 * A decoration's file: property, room and style (as the customer's language names them) and its
 * number among the project's decorations of that room and style ("Piso-Gràcia_salón_escandinavo_1.jpg").
 */
export function decorationDownloadName(d: {
  propertyName: string;
  roomType: RoomType;
  style: Style;
  /** 1 for the project's first decoration of this room type and style, 2 for the next... */
  ordinal: number;
  extension: string;
  locale: Locale;
}): DownloadName {
  return joinParts(
    [
      namePart(d.propertyName, false),
      roomLabel(d.roomType, d.locale),
      styleLabel(d.style, d.locale),
      { ascii: String(d.ordinal), utf8: String(d.ordinal) },
    ],
    d.extension,
  );
}

/** The zip of a project's results: the property's name ("Piso-Gràcia.zip"). */
export function projectZipName(propertyName: string): DownloadName {
  return joinParts([namePart(propertyName, false)], 'zip');
}

/** A visitor's free try has no property: the product's name, the room and the style. */
export function freeTryDownloadName(d: {
  roomType: RoomType;
  style: Style;
  extension: string;
  locale: Locale;
}): DownloadName {
  return joinParts(
    [PRODUCT_PART, roomLabel(d.roomType, d.locale), styleLabel(d.style, d.locale)],
    d.extension,
  );
}

/** RFC 8187 value characters: encodeURIComponent leaves ' ( ) * unescaped, which the grammar does not allow. */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266 `Content-Disposition` for a download: the ASCII name for every client, the UTF-8 one for those that read `filename*`. */
export function attachmentDisposition(name: DownloadName): string {
  const quoted = name.ascii.replace(/["\\]/g, '_');
  return `attachment; filename="${quoted}"; filename*=UTF-8''${encodeExtValue(name.utf8)}`;
}
