import { DEFAULT_LOCALE, type Locale } from '@estancia/contracts';
import { resources, translate } from '@estancia/i18n';

export type SubjectParams = Record<string, string | number>;

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

/** The subject template of an e-mail kind (`<template>.subject` in the mail catalogue), if it has one. */
function subjectTemplate(locale: Locale, template: string): string | undefined {
  const kind: unknown = (resources[locale].mail as Record<string, unknown>)[template];
  const subject =
    typeof kind === 'object' && kind !== null ? (kind as Record<string, unknown>).subject : undefined;
  return typeof subject === 'string' ? subject : undefined;
}

const variablesOf = (subject: string): string[] => [...subject.matchAll(VARIABLE)].map((match) => match[1]!);

/**
 * What the outbox keeps of a message's values: only those its subject uses (the body's links stay in the body).
 * Null when the kind has no subject template or a value it needs is missing: the subject cannot be written again.
 */
export function subjectParamsToKeep(template: string, params: SubjectParams = {}): SubjectParams | null {
  const subject = subjectTemplate(DEFAULT_LOCALE, template);
  if (subject === undefined) return null;
  const kept: SubjectParams = {};
  for (const name of variablesOf(subject)) {
    if (!(name in params)) return null;
    kept[name] = params[name]!;
  }
  return kept;
}

/**
 * The subject of a stored message written in `locale` from its kind and recorded values, on one line as sent;
 * null when it cannot be (a kind without a subject template, or values that were not recorded).
 */
export function subjectIn(locale: Locale, template: string, params: SubjectParams | null): string | null {
  const subject = subjectTemplate(locale, template) ?? subjectTemplate(DEFAULT_LOCALE, template);
  if (subject === undefined) return null;
  const needed = variablesOf(subject);
  // A subject without values needs none recorded (messages stored before the values were kept included).
  if (needed.length > 0 && (params === null || needed.some((name) => !(name in params)))) return null;
  return translate(locale, 'mail', `${template}.subject`, params ?? {})
    .replace(/\s+/g, ' ')
    .trim();
}
