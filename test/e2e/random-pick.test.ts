// /anime random and /manga random end to end: the pick from a linked account's plan list, Another
// without repeats until the pool is used up, upstream requests per action (the list read once),
// filters (autocomplete from the pool, an empty answer naming the filter that emptied it), a public
// list by `user`, and the clear answer without an account.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedMessage, Where } from '../../fake-discord/index.js';
import { GUILD, NSFW_CHANNEL, componentId, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { translator } from '../../src/i18n/index.js';
import { apiRequests, buttonLabelled, serviceGet } from './catalogue-helpers.js';

const footerId = (m: RecordedMessage): string | undefined => m.embeds?.[0]?.footer?.text?.match(/\d+/)?.[0];

describe('/anime random and /manga random', () => {
  let stack: Stack;
  const alice = newUser('picker');
  const stranger = newUser('stranger');
  beforeAll(async () => {
    stack = await startStack();
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const random = (kind: 'anime' | 'manga', options: Record<string, string | number> = {}, user = alice, locale?: string, where: Where = GUILD) =>
    answerOf(stack.command({ name: kind, subcommand: 'random', options, user, where, ...(locale ? { locale } : {}) }));

  it('picks from the plan list with one list read; Another re-rolls with no list request and never repeats', async () => {
    const from = stack.emulator.requestLog.length;
    const first = await random('anime');
    expect(first.ephemeral).toBe(false);
    expect(first.text).toMatch(/Random pick 1 of \d+ titles that fit/);
    const lists = apiRequests(stack, '/users/@me/animelist', from);
    expect(lists).toHaveLength(1);
    const details = apiRequests(stack, '/anime/', from);
    expect(details.length).toBeGreaterThanOrEqual(1);
    const firstPickRequests = stack.emulator.requestLog.length - from;
    // The details' list buttons are there, Another beside them.
    expect(componentId(first.message, '+1 episode')).toBeTruthy();
    expect(componentId(first.message, 'Set status')).toBeTruthy();
    const total = Number(first.text.match(/of (\d+) titles/)?.[1]);
    expect(total).toBeGreaterThan(1);

    const seen = new Set([footerId(first.message)]);
    let message = first.message;
    const rerollFrom = stack.emulator.requestLog.length;
    const again = await answerOf(stack.click(message, buttonLabelled(message, 'Another').custom_id ?? '', alice, GUILD));
    const rerollRequests = stack.emulator.requestLog.length - rerollFrom;
    expect(apiRequests(stack, '/users/', rerollFrom)).toHaveLength(0);
    expect(again.text).toContain('Random pick 2 of');
    expect(seen.has(footerId(again.message))).toBe(false);
    seen.add(footerId(again.message));
    message = again.message;
    // A re-roll reads only the new title's details (and vets its related titles when their ratings are unknown).
    expect(rerollRequests).toBe(apiRequests(stack, '/anime/', rerollFrom).length);
    expect(firstPickRequests).toBe(lists.length + details.length);
    console.log(`upstream requests: first pick ${firstPickRequests}, re-roll ${rerollRequests}`);

    // Someone else cannot re-roll this person's pick.
    const other = await answerOf(stack.click(message, buttonLabelled(message, 'Another').custom_id ?? '', stranger, GUILD));
    expect(other.ephemeral).toBe(true);
    expect(other.text).toContain('Not your command');
  });

  it('genre autocomplete offers the genres present in the pool; a filtered pick is used up without repeats', async () => {
    const choices = await stack
      .autocomplete({ name: 'anime', subcommand: 'random', options: {}, focused: 'genre', value: '', user: alice, where: GUILD })
      .autocompleteChoices();
    expect(choices.length).toBeGreaterThan(0);
    const rarest = choices.at(-1);
    expect(rarest?.name).toMatch(/\(\d+\)$/);
    const count = Number(rarest?.name.match(/\((\d+)\)$/)?.[1]);
    const from = stack.emulator.requestLog.length;
    const first = await random('anime', { genre: rarest?.value ?? '' });
    // The pool autocomplete read is kept: the pick reads no list.
    expect(apiRequests(stack, '/users/', from)).toHaveLength(0);
    const seen = [footerId(first.message)];
    let message = first.message;
    for (let i = 1; i < count; i++) {
      const next = await answerOf(stack.click(message, buttonLabelled(message, 'Another').custom_id ?? '', alice, GUILD));
      expect(next.text).toContain(`Random pick ${i + 1} of`);
      seen.push(footerId(next.message));
      message = next.message;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(buttonLabelled(message, 'Another').disabled).toBe(true);
  });

  it('says which filter emptied the pool and how many titles each kept', async () => {
    const empty = await random('anime', { genre: 'No Such Genre', max_episodes: 12 });
    expect(empty.text).toContain('Nothing fits');
    expect(empty.text).toMatch(/Picking from your Plan to Watch: \d+ titles/);
    expect(empty.text).toContain('genre No Such Genre: none left');
    expect(empty.text).toContain('The filter **genre No Such Genre** left nothing');
    // Outside an age-restricted channel titles not safe for work are left out first, and counted.
    expect(empty.text).toMatch(/safe for work \(this channel is not age-restricted\): \d+ left/);
    const restricted = await random('anime', { genre: 'No Such Genre' }, alice, undefined, NSFW_CHANNEL);
    expect(restricted.text).not.toContain('safe for work');
    const ja = translator('ja');
    const inJapanese = await random('anime', { genre: 'No Such Genre' }, alice, 'ja');
    expect(inJapanese.text).toContain(ja.t('picks.empty.title'));
  });

  it('picks from a public list by user without an account, and answers clearly without either', async () => {
    const none = await random('anime', {}, stranger);
    expect(none.text).toContain('Whose list?');
    const fromBob = await random('anime', { user: 'bob' }, stranger);
    expect(fromBob.text).toMatch(/Random pick 1 of \d+/);
    // "Forget me" deletes the person's pool and their picks: Another then says the pick has ended.
    const forgotten = await stack.bot.deps.accounts.forget(stranger.id);
    expect(forgotten.find((f) => f.kind === 'settings')?.deleted).toBe(2);
    const ended = await answerOf(stack.click(fromBob.message, buttonLabelled(fromBob.message, 'Another').custom_id ?? '', stranger, GUILD));
    expect(ended.text).toContain('This pick has ended');
    const suggestions = await random('anime', { from: 'suggestions' }, stranger);
    expect(suggestions.text).toContain('Your suggestions need your account');
  });

  it('/manga random picks from Plan to Read through the same path', async () => {
    const manga = await random('manga', { max_volumes: 100000 });
    expect(manga.text).toMatch(/Random pick 1 of \d+|Nothing fits/);
    expect(manga.message.embeds?.[0]).toBeTruthy();
  });

  it('a sequel drawn from your own list shows its synopsis when the list just read shows its prequel completed', async () => {
    const HOKUTO = 967;
    const HOKUTO_FILM = 1356; // on alice's Plan to Watch; its prequel is 967
    const reader = newUser('alice-again');
    await stack.login(reader, { name: 'alice', password: 'alice-password' });
    const prequel = await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${HOKUTO}` }, user: reader, where: GUILD }));
    await answerOf(stack.select(prequel.message, componentId(prequel.message, 'Set status'), ['completed'], reader));
    const film = (await serviceGet(stack, `/anime/${HOKUTO_FILM}?fields=media_type`)) as { media_type: string };
    let answer = await random('anime', { media_type: film.media_type }, reader);
    for (let i = 0; i < 50 && footerId(answer.message) !== String(HOKUTO_FILM); i++) {
      answer = await answerOf(stack.click(answer.message, buttonLabelled(answer.message, 'Another').custom_id ?? '', reader, GUILD));
    }
    expect(footerId(answer.message)).toBe(String(HOKUTO_FILM));
    expect(answer.message.embeds?.[0]?.description ?? '').not.toContain('||');
    expect(answer.message.embeds?.[0]?.description ?? '').toMatch(/\w/);
  });
});
