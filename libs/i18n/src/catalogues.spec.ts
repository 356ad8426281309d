import { describe, expect, it } from 'vitest';
import { ErrorCode, FieldIssue, LOCALES } from '@estancia/contracts';
import { leafKeys, NAMESPACES, resources, translate } from './index';

describe('message catalogues', () => {
  for (const namespace of NAMESPACES) {
    const source = leafKeys(resources.es[namespace]).sort();
    for (const locale of LOCALES) {
      it(`${locale}/${namespace} has exactly the keys of es/${namespace}`, () => {
        const keys = leafKeys(resources[locale][namespace]).sort();
        expect(keys.filter((k) => !source.includes(k))).toEqual([]);
        expect(source.filter((k) => !keys.includes(k))).toEqual([]);
      });
      it(`${locale}/${namespace} has no empty message`, () => {
        for (const key of leafKeys(resources[locale][namespace])) {
          expect(translate(locale, namespace, key).trim(), `${locale}:${namespace}.${key}`).not.toBe('');
        }
      });
    }
  }

  it('translates every error code and field issue', () => {
    expect(leafKeys(resources.es.errors).sort()).toEqual(Object.values(ErrorCode).sort());
    expect(leafKeys(resources.es.validation).sort()).toEqual(Object.values(FieldIssue).sort());
  });

  it('fills variables and differs by language', () => {
    expect(translate('ca', 'mail', 'verification.subject', { code: '123456' })).toContain('123456');
    expect(translate('es', 'mail', 'verification.subject', { code: '1' })).not.toEqual(
      translate('en', 'mail', 'verification.subject', { code: '1' }),
    );
  });
});
