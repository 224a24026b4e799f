import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import type { OptionValue, Who } from '../../fake-discord/index.js';
import { GUILD, NSFW_CHANNEL, componentId, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, listWrites, myListStatus, serviceGet } from '../../local-stack/user-helpers.js';
import { searchWithNsfw } from './catalogue-helpers.js';

const DAVE = { name: 'dave', password: 'dave-password' };
const EVE = { name: 'eve', password: 'eve-password' };

const FMAB = 5114; // 64 episodes
const DEATH_NOTE = 21; // manga: 12 volumes, 108 chapters
const COWBOY_BEBOP = 1;

const STATUS_LABELS: Record<string, string> = {
  watching: 'Watching',
  reading: 'Reading',
  completed: 'Completed',
  on_hold: 'On Hold',
  dropped: 'Dropped',
  plan_to_watch: 'Plan to Watch',
  plan_to_read: 'Plan to Read',
};

function field(answer: { message: { embeds?: Array<{ fields?: Array<{ name: string; value: string }> }> } }, name: string): string | undefined {
  return answer.message.embeds?.[0]?.fields?.find((f) => f.name === name)?.value;
}

describe('commands acting as the user end to end', () => {
  let stack: Stack;
  const dave = newUser('dave');
  const eve = newUser('eve');
  const aliceUser = newUser('alice');
  const carolUser = newUser('carol');

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, DAVE, EVE] } });
    await stack.login(dave, DAVE);
    await stack.login(eve, EVE);
    await stack.login(aliceUser, { name: 'alice', password: 'alice-password' });
    await stack.login(carolUser, { name: 'carol', password: 'carol-password' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** `unchecked`: a crafted payload with values real Discord refuses (tests the bot's own validation). */
  const update = (kind: 'anime' | 'manga', user: Who, options: Record<string, OptionValue>, unchecked = false) =>
    answerOf(stack.command({ name: 'list', subcommandGroup: kind, subcommand: 'update', options, user, where: GUILD, unchecked }));

  it('update and remove replies hide a not-safe-for-work title outside age-restricted channels', async () => {
    const work = (await searchWithNsfw(stack, 'anime', 'Sekai')).find((w) => w.nsfw === 'gray' || w.nsfw === 'black');
    expect(work?.title).toBeTruthy();
    const title = work?.title ?? '';
    const inServer = await update('anime', eve, { title: `id:${work?.id}`, status: 'plan_to_watch' });
    expect(inServer.text).not.toContain(title);
    expect(inServer.text).toContain('title hidden');
    const inNsfwChannel = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: `id:${work?.id}`, score: 6 }, user: eve, where: NSFW_CHANNEL }),
    );
    expect(inNsfwChannel.text).toContain(title);
    const removed = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'remove', options: { title: `id:${work?.id}` }, user: eve, where: GUILD }),
    );
    expect(removed.text).toContain('no longer on your anime list');
    expect(removed.text).not.toContain(title);
  });

  it('/list anime update with every option shows the entry and changes the service state', async () => {
    const answer = await update('anime', dave, {
      title: `id:${FMAB}`,
      status: 'watching',
      score: 8,
      episodes: 12,
      rewatching: true,
      times_rewatched: 2,
      rewatch_value: 4,
      priority: 2,
      tags: 'classic, brothers ,  ',
      comments: 'Equivalent exchange',
    });
    expect(answer.ephemeral).toBe(false);
    expect(answer.message.embeds?.[0]?.title).toContain('Fullmetal Alchemist: Brotherhood');
    expect(field(answer, 'Status')).toBe('Watching');
    expect(field(answer, 'Score')).toBe('★ 8');
    expect(field(answer, 'Episodes')).toBe('12/64');
    expect(field(answer, 'Rewatching')).toBe('Yes');
    expect(field(answer, 'Times rewatched')).toBe('2');
    expect(field(answer, 'Rewatch value')).toBe('High');
    expect(field(answer, 'Priority')).toBe('High');
    expect(field(answer, 'Tags')).toBe('classic, brothers');
    expect(field(answer, 'Comments')).toBe('Equivalent exchange');

    expect(await myListStatus(stack, 'dave', 'anime', FMAB)).toMatchObject({
      status: 'watching',
      score: 8,
      num_episodes_watched: 12,
      is_rewatching: true,
      num_times_rewatched: 2,
      rewatch_value: 4,
      priority: 2,
      tags: ['classic', 'brothers'],
      comments: 'Equivalent exchange',
    });
  });

  it('/list manga update with every option shows the entry and changes the service state', async () => {
    const answer = await update('manga', dave, {
      title: `id:${DEATH_NOTE}`,
      status: 'reading',
      score: 9,
      volumes: 3,
      chapters: 25,
      rereading: true,
      times_reread: 1,
      reread_value: 5,
      priority: 1,
      tags: 'notebook',
      comments: 'L!',
    });
    expect(answer.ephemeral).toBe(false);
    expect(answer.message.embeds?.[0]?.title).toContain('Death Note');
    expect(field(answer, 'Status')).toBe('Reading');
    expect(field(answer, 'Score')).toBe('★ 9');
    expect(field(answer, 'Volumes')).toBe('3/12');
    expect(field(answer, 'Chapters')).toBe('25/108');
    expect(field(answer, 'Rereading')).toBe('Yes');
    expect(field(answer, 'Times reread')).toBe('1');
    expect(field(answer, 'Reread value')).toBe('Very High');
    expect(field(answer, 'Priority')).toBe('Medium');
    expect(field(answer, 'Tags')).toBe('notebook');
    expect(field(answer, 'Comments')).toBe('L!');

    expect(await myListStatus(stack, 'dave', 'manga', DEATH_NOTE)).toMatchObject({
      status: 'reading',
      score: 9,
      num_volumes_read: 3,
      num_chapters_read: 25,
      is_rereading: true,
      num_times_reread: 1,
      reread_value: 5,
      priority: 1,
      tags: ['notebook'],
      comments: 'L!',
    });
  });

  it('a partial update sends only the given options and keeps the other values', async () => {
    await update('anime', eve, { title: `id:${FMAB}`, status: 'on_hold', score: 6, episodes: 30, priority: 1, tags: 'a,b', comments: 'first' });
    const before = await myListStatus(stack, 'eve', 'anime', FMAB);
    const answer = await update('anime', eve, { title: `id:${FMAB}`, score: 9 });
    expect(field(answer, 'Score')).toBe('★ 9');
    expect(field(answer, 'Status')).toBe('On Hold');
    const after = await myListStatus(stack, 'eve', 'anime', FMAB);
    const { score: _s1, updated_at: _u1, ...restBefore } = before ?? {};
    const { score, updated_at: _u2, ...restAfter } = after ?? {};
    expect(score).toBe(9);
    expect(restAfter).toEqual(restBefore);
    expect(restAfter).toMatchObject({ status: 'on_hold', num_episodes_watched: 30, priority: 1, tags: ['a', 'b'], comments: 'first' });

    await update('manga', eve, { title: `id:${DEATH_NOTE}`, status: 'reading', chapters: 10, volumes: 1, reread_value: 2 });
    const mangaBefore = await myListStatus(stack, 'eve', 'manga', DEATH_NOTE);
    await update('manga', eve, { title: `id:${DEATH_NOTE}`, chapters: 11 });
    const mangaAfter = await myListStatus(stack, 'eve', 'manga', DEATH_NOTE);
    expect(mangaAfter).toMatchObject({ ...mangaBefore, num_chapters_read: 11, updated_at: expect.any(String) as unknown });
  });

  it.each<[string, 'anime' | 'manga', Record<string, OptionValue>, string]>([
    ['score 11', 'anime', { score: 11 }, 'score'],
    ['score -1', 'manga', { score: -1 }, 'score'],
    ['priority 3', 'anime', { priority: 3 }, 'priority'],
    ['priority -1', 'manga', { priority: -1 }, 'priority'],
    ['rewatch_value 6', 'anime', { rewatch_value: 6 }, 'rewatch_value'],
    ['reread_value -1', 'manga', { reread_value: -1 }, 'reread_value'],
    ['reread_value 6', 'manga', { reread_value: 6 }, 'reread_value'],
    ['episodes -1', 'anime', { episodes: -1 }, 'episodes'],
    ['times_rewatched -1', 'anime', { times_rewatched: -1 }, 'times_rewatched'],
    ['chapters -1', 'manga', { chapters: -1 }, 'chapters'],
    ['volumes -1', 'manga', { volumes: -1 }, 'volumes'],
    ['times_reread -1', 'manga', { times_reread: -1 }, 'times_reread'],
    ['an anime status not in the enum', 'anime', { status: 'binging' }, 'status'],
    ['a manga status not in the enum', 'manga', { status: 'watching' }, 'status'],
    ['a valid value with an invalid one', 'anime', { status: 'completed', score: 11 }, 'score'],
  ])('%s is refused with an ephemeral error naming the option, before any write', async (_label, kind, options, option) => {
    const id = kind === 'anime' ? FMAB : DEATH_NOTE;
    const entryBefore = await myListStatus(stack, 'dave', kind, id);
    const writes = listWrites(stack);
    const answer = await update(kind, dave, { title: `id:${id}`, ...options }, true);
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toContain(`\`${option}\``);
    expect(listWrites(stack)).toBe(writes);
    expect(await myListStatus(stack, 'dave', kind, id)).toEqual(entryBefore);
  });

  it.each([
    ['episodes 30 of a 26-episode anime', 'anime', COWBOY_BEBOP, { status: 'watching', episodes: 30 }, /Cowboy Bebop\*\* has 26 episodes, so `episodes` can be at most 26/],
    ['volumes 13 of a 12-volume manga', 'manga', DEATH_NOTE, { volumes: 13 }, /has 12 volumes, so `volumes` can be at most 12/],
    ['chapters 109 of a 108-chapter manga', 'manga', DEATH_NOTE, { chapters: 109, volumes: 1 }, /has 108 chapters, so `chapters` can be at most 108/],
  ] as const)('%s is refused with a clear message and nothing is written', async (_label, kind, id, options, message) => {
    const entryBefore = await myListStatus(stack, 'dave', kind, id);
    const writes = listWrites(stack);
    const answer = await update(kind, dave, { title: `id:${id}`, ...options });
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toMatch(message);
    expect(answer.text).not.toMatch(/\d+\/\d+/);
    expect(listWrites(stack)).toBe(writes);
    expect(await myListStatus(stack, 'dave', kind, id)).toEqual(entryBefore);
  });

  it('progress equal to the total is accepted', async () => {
    const answer = await update('anime', dave, { title: `id:${COWBOY_BEBOP}`, episodes: 26 });
    expect(answer.ephemeral).toBe(false);
    expect(field(answer, 'Episodes')).toBe('26/26');
    expect(await myListStatus(stack, 'dave', 'anime', COWBOY_BEBOP)).toMatchObject({ num_episodes_watched: 26 });
  });

  it('an update with no value to set says so and writes nothing', async () => {
    const writes = listWrites(stack);
    const answer = await update('anime', dave, { title: `id:${FMAB}` });
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toMatch(/nothing to change/i);
    expect(listWrites(stack)).toBe(writes);
  });

  it('/list … remove of an absent entry says it was not on the list; of a present one removes it', async () => {
    const user = newUser('remover');
    await stack.login(user, { name: 'bob', password: 'bob-password' });
    const remove = (kind: 'anime' | 'manga', id: number) =>
      answerOf(stack.command({ name: 'list', subcommandGroup: kind, subcommand: 'remove', options: { title: `id:${id}` }, user, where: GUILD }));

    expect(await myListStatus(stack, 'bob', 'anime', COWBOY_BEBOP)).toBeUndefined();
    const absent = await remove('anime', COWBOY_BEBOP);
    expect(absent.ephemeral).toBe(true);
    expect(absent.text).toContain('Cowboy Bebop was not on your anime list');

    expect(await myListStatus(stack, 'bob', 'anime', 20)).toBeDefined();
    const present = await remove('anime', 20);
    expect(present.ephemeral).toBe(false);
    expect(present.text).toContain('Naruto is no longer on your anime list');
    expect(await myListStatus(stack, 'bob', 'anime', 20)).toBeUndefined();

    expect(await myListStatus(stack, 'bob', 'manga', 13)).toBeDefined();
    const manga = await remove('manga', 13);
    expect(manga.text).toContain('One Piece is no longer on your manga list');
    expect(await myListStatus(stack, 'bob', 'manga', 13)).toBeUndefined();
    const again = await remove('manga', 13);
    expect(again.text).toContain('was not on your manga list');
  });

  it.each(['anime', 'manga'] as const)('/list %s view without a user shows the caller’s own complete list with their statuses', async (kind) => {
    const logStart = stack.emulator.requestLog.length;
    const answer = await answerOf(stack.command({ name: 'list', subcommandGroup: kind, subcommand: 'view', user: aliceUser, where: NSFW_CHANNEL }));
    expect(answer.ephemeral).toBe(false);
    expect(answer.message.embeds?.[0]?.title).toBe(`Your ${kind} list`);
    const calls = stack.emulator.requestLog.slice(logStart).filter((r) => r.path === `/v2/users/@me/${kind}list`);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.query.nsfw).toBe('true');
      expect(call.auth).toBe('bearer');
      expect(call.status).toBe(200);
    }
    const page = await serviceGet(stack, 'alice', `/users/@me/${kind}list?nsfw=true&limit=10&fields=list_status`);
    const items = page.data as Array<{ node: { title: string }; list_status: { status: string; num_episodes_watched?: number } }>;
    expect(items.length).toBe(10);
    const description = answer.message.embeds?.[0]?.description ?? '';
    for (const item of items) {
      const block = description.split('\n\n').find((b) => b.includes(item.node.title));
      expect(block, `${item.node.title} in ${description}`).toBeDefined();
      expect(block).toContain(STATUS_LABELS[item.list_status.status]);
      if (kind === 'anime') expect(block).toContain(`${item.list_status.num_episodes_watched}/`);
    }
  });

  it('the caller’s own list outside an age-restricted channel is still complete (nsfw=true) but masks such titles', async () => {
    const logStart = stack.emulator.requestLog.length;
    const answer = await answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', user: aliceUser, where: GUILD }));
    const calls = stack.emulator.requestLog.slice(logStart).filter((r) => r.path === '/v2/users/@me/animelist');
    expect(calls.map((c) => c.query.nsfw)).toEqual(['true']);
    const page = await serviceGet(stack, 'alice', '/users/@me/animelist?nsfw=true&limit=10&fields=nsfw');
    const items = page.data as Array<{ node: { title: string; nsfw?: string } }>;
    expect(items.length).toBe(10);
    const description = answer.message.embeds?.[0]?.description ?? '';
    expect(description.split('\n\n').length).toBe(10);
    for (const item of items) {
      if (item.node.nsfw === 'white') expect(description).toContain(item.node.title);
      else expect(description).not.toContain(item.node.title);
    }
  });

  it('paging the own list loads the next page with the caller’s token; others cannot page it', async () => {
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', user: aliceUser, where: NSFW_CHANNEL });
    const first = await answerOf(handle);
    const logStart = stack.emulator.requestLog.length;
    const next = stack.click(first.message, componentId(first.message, 'Next'), aliceUser, NSFW_CHANNEL);
    await next.firstResponse();
    const page2 = await handle.waitForOriginal((m) => textOf(m).includes('**11.**'));
    const calls = stack.emulator.requestLog.slice(logStart).filter((r) => r.path === '/v2/users/@me/animelist');
    expect(calls.map((c) => [c.auth, c.query.nsfw, c.query.offset])).toEqual([['bearer', 'true', '10']]);
    const expected = await serviceGet(stack, 'alice', '/users/@me/animelist?nsfw=true&limit=10&offset=10');
    for (const item of expected.data as Array<{ node: { title: string } }>) expect(textOf(page2)).toContain(item.node.title);

    const other = await answerOf(stack.click(page2, componentId(page2, 'Next'), dave));
    expect(other.ephemeral).toBe(true);
    expect(other.text).toMatch(/only the person who ran this command/i);
  });

  it('/list anime view of another user’s list uses the named list, not the caller’s', async () => {
    const answer = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'dave' }, user: aliceUser, where: GUILD }),
    );
    expect(answer.message.embeds?.[0]?.title).toBe("dave's anime list");
    expect(answer.text).toContain('Fullmetal Alchemist: Brotherhood');
  });

  it('/profile shows the name and the anime statistics', async () => {
    const answer = await answerOf(stack.command({ name: 'profile', user: aliceUser, where: GUILD }));
    expect(answer.message.embeds?.[0]?.title).toBe('alice');
    const me = await serviceGet(stack, 'alice', '/users/@me?fields=anime_statistics,picture,joined_at');
    expect(answer.message.embeds?.[0]?.thumbnail?.url).toBe(me.picture);
    expect(field(answer, 'Joined')).toContain(`<t:${Math.floor(Date.parse(String(me.joined_at)) / 1000)}:D>`);
    const stats = me.anime_statistics as Record<string, number>;
    expect(stats.num_items).toBeGreaterThan(0);
    const list = field(answer, 'Anime list') ?? '';
    expect(list).toContain(`Watching: **${stats.num_items_watching}**`);
    expect(list).toContain(`Completed: **${stats.num_items_completed}**`);
    expect(list).toContain(`Total: **${stats.num_items}**`);
    expect(answer.text).toContain('Joined');
  });

  it('/anime suggestions: empty for a new account, titles for alice', async () => {
    const empty = await answerOf(stack.command({ name: 'anime', subcommand: 'suggestions', user: carolUser, where: GUILD }));
    expect(empty.text).toMatch(/no suggestions yet/i);
    const suggested = await answerOf(stack.command({ name: 'anime', subcommand: 'suggestions', user: aliceUser, where: GUILD }));
    const expected = await serviceGet(stack, 'alice', '/anime/suggestions?limit=10&nsfw=false');
    const titles = (expected.data as Array<{ node: { title: string } }>).map((d) => d.node.title);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles.slice(0, 3)) expect(suggested.text).toContain(title);
  });
});
