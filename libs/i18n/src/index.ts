import type { Locale } from '@estancia/contracts';
import esErrors from './es/errors.json';
import esValidation from './es/validation.json';
import esMail from './es/mail.json';
import esWeb from './es/web.json';
import esAdmin from './es/admin.json';
import esEditor from './es/editor.json';
import caErrors from './ca/errors.json';
import caValidation from './ca/validation.json';
import caMail from './ca/mail.json';
import caWeb from './ca/web.json';
import caAdmin from './ca/admin.json';
import caEditor from './ca/editor.json';
import enErrors from './en/errors.json';
import enValidation from './en/validation.json';
import enMail from './en/mail.json';
import enWeb from './en/web.json';
import enAdmin from './en/admin.json';
import enEditor from './en/editor.json';

/** Message catalogues by locale and namespace; es is the source language, ca and en must be complete. */
export const resources = {
  es: {
    errors: esErrors,
    validation: esValidation,
    mail: esMail,
    web: esWeb,
    admin: esAdmin,
    editor: esEditor,
  },
  ca: {
    errors: caErrors,
    validation: caValidation,
    mail: caMail,
    web: caWeb,
    admin: caAdmin,
    editor: caEditor,
  },
  en: {
    errors: enErrors,
    validation: enValidation,
    mail: enMail,
    web: enWeb,
    admin: enAdmin,
    editor: enEditor,
  },
} as const;

export type Namespace = keyof (typeof resources)['es'];
export const NAMESPACES = Object.keys(resources.es) as Namespace[];

type Tree = { [key: string]: string | Tree };

/** Dotted paths of every leaf string in a catalogue. */
export function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : leafKeys(value, `${prefix}${key}.`),
  );
}

/** Server-side translation (e-mails): `translate('ca', 'mail', 'verification.subject', { code })`. */
export function translate(
  locale: Locale,
  namespace: Namespace,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const find = (path: string) => {
    const parts = path.split('.');
    const at = (tree: Tree) =>
      parts.reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        tree,
      );
    return at(resources[locale][namespace] as Tree) ?? at(resources.en[namespace] as Tree);
  };
  // A numeric `count` picks the plural form (`key_one`, `key_other`), as i18next does in the apps.
  const plural =
    typeof vars.count === 'number'
      ? find(`${key}_${new Intl.PluralRules(locale).select(vars.count)}`)
      : undefined;
  const found = typeof plural === 'string' ? plural : find(key);
  const text = typeof found === 'string' ? found : key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
