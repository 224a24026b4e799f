import { describe, expect, it } from 'vitest';
import { ENGLISH, localeFromAcceptLanguage, localeOf, translator } from '../../src/i18n/index.js';
import { InvalidOptionError } from '../../src/service/errors.js';
import { describeError } from '../../src/interactions/user-errors.js';

describe('a broken rule told in the reader’s language', () => {
  it('the service client’s validation names the rule, not English text', () => {
    const error = new InvalidOptionError('query', 'query must be at least 3 characters long', { kind: 'minLength', min: 3 });
    expect(describeError(error, ENGLISH).text).toBe('`query`: must be at least 3 characters long');
    const ja = translator('ja');
    expect(describeError(error, ja).text).toBe(ja.t('error.invalidOption.text', { option: 'query', detail: ja.t('error.rule.minLength', { min: 3 }) }));
    expect(describeError(new InvalidOptionError('status', 'x', { kind: 'oneOf', allowed: ['a', 'b'] }), translator('de')).text).toBe('`status`: muss a oder b sein');
  });
});

describe('picking a language', () => {
  it('a Discord locale picks its catalogue, a nearby one the same language, others English', () => {
    expect(localeOf('ja')).toBe('ja');
    expect(localeOf('pt-BR')).toBe('pt-BR');
    expect(localeOf('es-419')).toBe('es-ES');
    expect(localeOf('en-GB')).toBe('en-US');
    expect(localeOf('ko')).toBe('en-US');
    expect(localeOf(undefined)).toBe('en-US');
  });

  it('Accept-Language: quality values order the choices, a region falls back to its language', () => {
    expect(localeFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('ko;q=1, ja;q=0.5, de;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage('pt-PT')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('es-MX,es;q=0.9')).toBe('es-ES');
    expect(localeFromAcceptLanguage('zh-CN, *;q=0.1')).toBe('en-US');
    expect(localeFromAcceptLanguage('de;q=0, ja')).toBe('ja');
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US');
  });

  it('plural rules per language: "1 second" and "2 seconds", Japanese without a plural form', () => {
    expect(translator('en-US').t('error.slowDown.text', { seconds: 1 })).toContain('Try again in 1 second.');
    expect(translator('en-US').t('error.slowDown.text', { seconds: 2 })).toContain('Try again in 2 seconds.');
    expect(translator('fr').t('error.slowDown.text', { seconds: 1 })).toContain('1 seconde');
    expect(translator('de').t('error.slowDown.text', { seconds: 1500 })).toContain('1.500 Sekunden');
    expect(translator('ja').t('error.slowDown.text', { seconds: 3 })).toContain('3秒');
  });
});
