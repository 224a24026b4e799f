import { describe, expect, it } from 'vitest';
import { parseTitleInput } from '../../src/views/title-input.js';
import { defaultServiceWebUrl, loadConfig } from '../../src/config/config.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';

const WEB = 'https://service.example.net';

describe('parseTitleInput', () => {
  it('reads autocomplete picks and typed IDs', () => {
    expect(parseTitleInput('id:40748', 'anime', WEB)).toEqual({ id: 40748, via: 'pick' });
    expect(parseTitleInput(' 40748 ', 'anime', WEB)).toEqual({ id: 40748, via: 'id' });
    expect(parseTitleInput('#2', 'manga', WEB)).toEqual({ id: 2, via: 'id' });
  });

  it('reads links to title pages with or without slug, slash, query, fragment, scheme or www', () => {
    for (const link of [
      'https://service.example.net/anime/40748',
      'https://service.example.net/anime/40748/',
      'https://service.example.net/anime/40748/Jujutsu_Kaisen_TV',
      'https://service.example.net/anime/40748/Jujutsu_Kaisen_TV/characters?x=1#top',
      'http://www.service.example.net/anime/40748?utm=1',
      'service.example.net/anime/40748/slug',
      'HTTPS://SERVICE.EXAMPLE.NET/Anime/40748',
    ]) {
      expect(parseTitleInput(link, 'anime', WEB), link).toEqual({ id: 40748, via: 'link' });
    }
    expect(parseTitleInput('https://service.example.net/manga/2/Berserk', 'manga', WEB)).toEqual({ id: 2, via: 'link' });
    expect(parseTitleInput('http://127.0.0.1:8080/web/anime/5', 'anime', 'http://127.0.0.1:8080/web')).toEqual({ id: 5, via: 'link' });
  });

  it('refuses other hosts, the wrong kind and pages that are not titles with a clear message', () => {
    const refusal = (text: string, kind: 'anime' | 'manga' = 'anime'): UserFacingError => {
      try {
        parseTitleInput(text, kind, WEB);
      } catch (error) {
        if (error instanceof UserFacingError) return error;
        throw error;
      }
      throw new Error(`accepted ${text}`);
    };
    expect(refusal('https://evil.example/anime/40748').message).toContain('service.example.net');
    expect(refusal('https://service.example.net.evil.example/anime/1').title).toBe('Not a link to the service');
    expect(refusal('https://service.example.net/manga/2').title).toBe('Wrong kind of title');
    expect(refusal('https://service.example.net/anime/1', 'manga').message).toContain('an anime');
    expect(refusal('https://service.example.net/people/1').title).toBe('Not a title page');
    expect(refusal('https://service.example.net/anime/abc').title).toBe('Not a title page');
    expect(refusal('0').title).toBe('Not a valid ID');
    expect(refusal('99999999999').title).toBe('Not a valid ID');
  });

  it('leaves everything else as text to search for', () => {
    for (const text of ['Jujutsu Kaisen', 'Mob.Psycho/100', 'Re:Zero', '86 Eighty-Six', 'Steins;Gate 0']) {
      expect(parseTitleInput(text, 'anime', WEB)).toEqual({ text });
    }
  });
});

describe('SERVICE_WEB_URL', () => {
  const base = {
    SERVICE_API_URL: 'https://api.example.net',
    SERVICE_AUTH_URL: 'https://auth.example.net',
    SERVICE_CLIENT_ID: 'c',
    DISCORD_TOKEN: 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.GaBcDe.0123456789abcdefghijklmnopqrstuvwxyzAB',
    DISCORD_APPLICATION_ID: '1100000000000000001',
    PUBLIC_URL: 'https://bot.example.net',
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  };

  it('defaults to the API host without its api. label', () => {
    expect(defaultServiceWebUrl('https://api.example.net')).toBe('https://example.net');
    expect(defaultServiceWebUrl('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(defaultServiceWebUrl('https://api.net')).toBe('https://api.net');
    expect(loadConfig(base).service.webUrl).toBe('https://example.net');
  });

  it('can be set, and a bad value is reported', () => {
    expect(loadConfig({ ...base, SERVICE_WEB_URL: 'https://www.example.org/' }).service.webUrl).toBe('https://www.example.org');
    expect(() => loadConfig({ ...base, SERVICE_WEB_URL: 'ftp://x' })).toThrow(/SERVICE_WEB_URL/);
  });
});
