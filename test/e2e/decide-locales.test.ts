// Deciding what to watch in the person's language: /anime random (and Another), /server pick and
// /watchparty create answered in Japanese and German with no English text of the bot's left over (every
// word the English answer has that is not the data's — titles, synopses, genres — is absent), and the
// watch party's Discord event written in the server's language.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonClick, snowflake, type RecordedMessage, type Where } from '../../fake-discord/index.js';
import { newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { CATALOGUE, EN, translator } from '../../src/i18n/index.js';
import { buttonLabelled, serviceGet } from './catalogue-helpers.js';

const MANAGER = (P.CreateEvents | P.ManageEvents | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const LOCALES = ['ja', 'de'] as const;
/**
 * Words a language's own texts share with English (German: Server, Bot, Event, Min.; the month
 * abbreviations dates are written with, Apr., Jun., ...): the words both catalogues hold, and for
 * German the abbreviated months spelled alike.
 */
function sameWords(locale: (typeof LOCALES)[number]): Set<string> {
  const mine = catalogueWords(CATALOGUE[locale]);
  const shared = [...catalogueWords(EN)].filter((w) => mine.has(w));
  return new Set([...shared, ...(locale === 'de' ? ['jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sep', 'nov'] : [])]);
}

/** Everything a person reads in an answer: its text, its buttons' and menus' labels and placeholders. */
function readable(message: RecordedMessage): string {
  const labels: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      for (const key of ['label', 'placeholder']) if (typeof o[key] === 'string') labels.push(o[key]);
      for (const v of Object.values(o)) walk(v);
    }
  };
  walk(message.components ?? []);
  return [textOf(message), ...labels].join('\n');
}

/** Words of three or more Latin letters, lower-cased (mentions, times, ids and links taken out first). */
function words(text: string): Set<string> {
  const bare = text.replace(/<[@#t][^>]*>/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  return new Set((bare.match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase()));
}

/** The words of the bot's English texts (its catalogue), placeholders left out. */
const catalogueWords = (texts: Record<string, string>): Set<string> => words(Object.values(texts).join(' ').replace(/\{[^{}]*\}/g, ' '));

/** The English answer's own words: words of the bot's English catalogue that the data (titles, synopsis, genres, ...) does not account for. */
function englishWords(english: RecordedMessage, data: string): string[] {
  const bot = catalogueWords(EN);
  const fromData = words(data);
  // A synopsis or title shortened to fit ends in part of a word, before its ellipsis: data too.
  const cut = new Set([...readable(english).matchAll(/([A-Za-z]+)…/g)].map((m) => (m[1] ?? '').toLowerCase()));
  return [...words(readable(english))].filter((w) => bot.has(w) && !fromData.has(w) && !cut.has(w));
}

describe('/anime random, /server pick and /watchparty create in Japanese and German', () => {
  const GUILD_ID = snowflake();
  const CHAT = snowflake();
  let stack: Stack;
  const alice = newUser('alice');
  const where = (guildLocale = 'en-US'): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId: CHAT, memberPermissions: MANAGER, guildLocale });

  beforeAll(async () => {
    stack = await startStack();
    const BOT_ROLE = snowflake();
    stack.discord.guilds.define({
      id: GUILD_ID,
      name: 'club',
      ownerId: alice.id,
      roles: [{ id: BOT_ROLE, name: 'bot', permissions: P.CreateEvents | P.ViewChannel | P.SendMessages | P.EmbedLinks | P.SendPolls | P.ReadMessageHistory, managed: true }],
      botRoles: [BOT_ROLE],
      channels: [{ id: CHAT, name: 'chat' }],
    });
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    expect((await answerOf(stack.command({ name: 'server', subcommand: 'join', user: alice, where: where() }))).text).toContain('joined');
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  type Opts = Record<string, string | number>;
  const run = (name: string, subcommand: string, options: Opts, locale: string, guildLocale?: string) =>
    answerOf(stack.command({ name, subcommand, options, user: alice, where: where(guildLocale), locale }));
  /** The data an answer about these titles shows as the service has it (in every language alike). */
  const dataOf = async (ids: readonly string[]): Promise<string> => {
    const read = (list: readonly (string | number)[]) =>
      Promise.all([...new Set(list)].map((id) => serviceGet(stack, `/anime/${id}?fields=title,alternative_titles,synopsis,genres,studios,media_type,status,source,rating,broadcast,start_season,related_anime,recommendations`)));
    const bodies = await read(ids);
    // The related and recommended titles the details name, in every title form they may be shown in.
    type Named = Array<{ node: { id: number } }>;
    const related = (bodies as Array<{ related_anime?: Named; recommendations?: Named }>).flatMap((b) => [...(b.related_anime ?? []), ...(b.recommendations ?? [])].map((r) => r.node.id));
    const relatedBodies = await read(related);
    // The person's list name (alice) is data too.
    return `${JSON.stringify([...bodies, ...relatedBodies]).replace(/\\n/g, ' ')} alice`;
  };
  const idsIn = (text: string): string[] => [...text.matchAll(/(?:ID|id:|anime\/)\s?(\d+)/g)].map((m) => m[1] ?? '');
  const expectNoEnglish = (english: RecordedMessage, localized: RecordedMessage, data: string, locale: (typeof LOCALES)[number]) => {
    const shown = words(readable(localized));
    const same = sameWords(locale);
    const left = englishWords(english, data).filter((w) => shown.has(w) && !same.has(w));
    expect(left, `English words left in the ${locale} answer:\n${readable(localized)}`).toEqual([]);
  };

  it('/anime random and Another', async () => {
    // media_type TV narrows the pool without changing the answer's shape; every language draws from the same pool.
    const en = await run('anime', 'random', { media_type: 'tv' }, 'en-US');
    const enAgain = await answerOf(stack.click(en.message, buttonLabelled(en.message, 'Another').custom_id ?? '', alice, where()));
    for (const locale of LOCALES) {
      const t = translator(locale);
      const first = await run('anime', 'random', { media_type: 'tv' }, locale);
      const label = t.t('picks.another', { left: 0 }).split(/[(（]/)[0] ?? '-';
      const buttons = (first.message.components ?? []).flatMap((r) => ((r as { components?: unknown[] }).components ?? []) as Array<{ label?: string; custom_id?: string }>);
      const another = buttons.find((c) => c.label?.startsWith(label) === true);
      expect(another, 'no Another button').toBeDefined();
      // The click comes from the same Discord client: in the same language.
      const again = await answerOf(stack.discord.interact(buttonClick({ message: first.message, customId: another?.custom_id ?? '', user: alice, where: where(), locale })));
      const data = await dataOf([...idsIn(readable(en.message)), ...idsIn(readable(enAgain.message)), ...idsIn(readable(first.message)), ...idsIn(readable(again.message))]);
      expectNoEnglish(en.message, first.message, data, locale);
      expectNoEnglish(enAgain.message, again.message, data, locale);
    }
  });

  it('/server pick', async () => {
    const en = await run('server', 'pick', {}, 'en-US');
    expect(buttonLabelled(en.message, 'Vote')).toBeDefined();
    const data = await dataOf(idsIn(JSON.stringify(en.message)));
    // The pick's titles come from the mirror's title index: take them as data too.
    const titles = (en.message.embeds?.[0]?.description ?? '').split('\n').map((l) => /\*\*\d+\.\*\*\s*(.*?)\s—/.exec(l)?.[1] ?? '').join(' ');
    for (const locale of LOCALES) {
      const answer = await run('server', 'pick', {}, locale);
      expect(readable(answer.message)).toContain(translator(locale).t('polls.pick.vote'));
      expectNoEnglish(en.message, answer.message, `${data} ${titles}`, locale);
    }
  });

  it('/watchparty create: the answer in the member’s language, the event in the server’s', async () => {
    const ranking = (await serviceGet(stack, '/anime/ranking?ranking_type=all&limit=50&fields=status,nsfw')) as { data: Array<{ node: { id: number; status?: string; nsfw?: string } }> };
    const finished = ranking.data.map((d) => d.node).find((w) => w.status === 'finished_airing' && w.nsfw === 'white');
    if (!finished) throw new Error('no finished title');
    const options = { title: `id:${finished.id}`, start: '2030-01-01 20:30', timezone: 'Europe/Berlin', episode: 2 };
    const en = await run('watchparty', 'create', options, 'en-US');
    const enEvent = stack.discord.scheduledEvents.all(GUILD_ID).at(-1);
    const data = `${await dataOf([String(finished.id)])} ${options.timezone}`;
    for (const locale of LOCALES) {
      const t = translator(locale);
      const answer = await run('watchparty', 'create', options, locale, locale);
      expect(answer.text).toContain(t.t('watchparty.created.title'));
      expectNoEnglish(en.message, answer.message, data, locale);
      const event = stack.discord.scheduledEvents.all(GUILD_ID).at(-1);
      expect(event?.name).toContain(t.t('watchparty.event.name', { title: '', episode: 2 }).replace(/^\s*·\s*/, ''));
      const eventWords = words(`${event?.name ?? ''} ${event?.description ?? ''}`);
      const same = sameWords(locale);
      const left = [...words(`${enEvent?.name ?? ''} ${enEvent?.description ?? ''}`)].filter((w) => catalogueWords(EN).has(w) && !words(data).has(w) && !same.has(w) && eventWords.has(w));
      expect(left, `English words left in the ${locale} event:\n${event?.description ?? ''}`).toEqual([]);
    }
  });
});
