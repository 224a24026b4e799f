// The catalogue in the reader's language, end to end (real discord.js client, fake Discord, emulator):
// `/anime search` and `/anime info` answer in en-US, ja and pt-BR, each text checked against the
// catalogue itself; a public reply in a server follows the invoker's locale, not the server's.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSpec, RecordedMessage } from '../../fake-discord/index.js';
import { GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { translator, type Translator } from '../../src/i18n/index.js';
import { term } from '../../src/render/terms.js';
import { componentsOf, expectClean, selectOf } from './catalogue-helpers.js';

const LOCALES = ['en-US', 'ja', 'pt-BR'] as const;

/** The field names a details embed of Hokuto no Ken (967) has in every language. */
const ANIME_FIELDS = ['score', 'ranked', 'popularity', 'members', 'type', 'status', 'episodes', 'aired', 'season', 'source', 'duration', 'studios', 'genres'] as const;

function embedOf(message: RecordedMessage) {
  const embed = message.embeds?.[0];
  if (!embed) throw new Error(`no embed in ${JSON.stringify(message)}`);
  return embed;
}

/** A select menu's placeholder (the shared helpers' component type leaves it out). */
function placeholderOf(component: object): string | undefined {
  return (component as { placeholder?: string }).placeholder;
}

function fieldValue(message: RecordedMessage, name: string): string | undefined {
  return embedOf(message).fields?.find((f) => f.name === name)?.value;
}

describe('catalogue in the reader’s language', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function run(spec: Omit<CommandSpec, 'user'>) {
    const handle = stack.command({ ...spec, user: newUser() });
    const message = await handle.settled();
    expectClean(handle, message);
    return { handle, message };
  }

  describe.each(LOCALES)('%s', (locale) => {
    const t: Translator = translator(locale);

    it('/anime search: title, facts, menu and note in the locale', async () => {
      const { message, handle } = await run({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto' }, where: GUILD, locale });
      expect(handle.ephemeral()).toBe(false);
      const embed = embedOf(message);
      expect(embed.title).toBe(t.t('works.search.title', { kind: 'anime', query: 'Hokuto' }));
      const description = embed.description ?? '';
      expect(description).toContain(t.t('works.facts.episodes', { count: 109 }));
      expect(description).toContain(term(t, 'mediaType', 'tv'));
      expect(description).toContain(t.t('works.season.name', { season: term(t, 'season', 'fall'), year: '1984' }));
      expect(placeholderOf(selectOf(message))).toBe(t.t('works.open.anime'));
      // Outside an age-restricted channel the note says why some titles may be missing.
      expect(message.content).toBe(t.t('works.nsfw.hiddenNote'));
    });

    it('/anime info: field names, values, footer and buttons in the locale', async () => {
      const { message } = await run({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, where: GUILD, locale });
      const embed = embedOf(message);
      expect(embed.title).toBe('Hokuto no Ken');
      const names = (embed.fields ?? []).map((f) => f.name);
      for (const key of ANIME_FIELDS) expect(names).toContain(t.t(`works.details.field.${key}`));
      expect(embed.footer?.text).toBe(t.t('works.details.footer.anime', { id: '967' }));
      expect(fieldValue(message, t.t('works.details.field.status'))).toBe(term(t, 'workStatus', 'finished_airing'));
      expect(fieldValue(message, t.t('works.details.field.season'))).toBe(t.t('works.season.name', { season: term(t, 'season', 'fall'), year: '1984' }));
      expect(fieldValue(message, t.t('works.details.field.duration'))).toBe(
        t.t('works.duration.perEpisode', { duration: t.t('works.duration.minutes', { n: 25 }) }),
      );
      const labels = componentsOf(message).map((c) => c.label);
      expect(labels).toContain(t.t('works.quick.addEpisode'));
      const statusMenu = componentsOf(message).find((c) => c.type === 3);
      expect(statusMenu && placeholderOf(statusMenu)).toBe(t.t('works.quick.statusPlaceholder'));
      expect(statusMenu?.options?.map((o) => o.label)).toContain(term(t, 'listStatus', 'plan_to_watch'));
    });

    it('/anime info refusal (text too short) is told in the locale', async () => {
      const { message } = await run({ name: 'anime', subcommand: 'info', options: { title: 'ab' }, where: GUILD, locale });
      expect(embedOf(message).title).toBe(`⚠️ ${t.t('works.error.titleTooShort.title')}`);
      expect(embedOf(message).description).toBe(t.t('works.error.titleTooShort.text', { min: 3 }));
    });
  });

  it('English is not what the other locales show', () => {
    const en = translator('en-US');
    for (const locale of ['ja', 'pt-BR'] as const) {
      expect(translator(locale).t('works.details.field.episodes')).not.toBe(en.t('works.details.field.episodes'));
    }
  });

  it('a public reply in a server follows the invoker’s locale, not the server’s', async () => {
    const where = { ...GUILD, guildLocale: 'de' };
    const ja = translator('ja');
    const de = translator('de');
    const search = await run({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto' }, where, locale: 'ja' });
    expect(search.handle.ephemeral()).toBe(false);
    expect(embedOf(search.message).title).toBe(ja.t('works.search.title', { kind: 'anime', query: 'Hokuto' }));
    const info = await run({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, where, locale: 'ja' });
    expect(info.handle.ephemeral()).toBe(false);
    const names = (embedOf(info.message).fields ?? []).map((f) => f.name);
    expect(names).toContain(ja.t('works.details.field.episodes'));
    expect(names).not.toContain(de.t('works.details.field.episodes'));
    expect(embedOf(info.message).footer?.text).toBe(ja.t('works.details.footer.anime', { id: '967' }));
  });
});
