import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, componentId, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import type { InteractionHandle } from '../../fake-discord/index.js';
import { answerOf, expectToldToLogin, listWrites, myListStatus } from '../../local-stack/user-helpers.js';

const DAVE = { name: 'dave', password: 'dave-password' };
const EVE = { name: 'eve', password: 'eve-password' };
const FRANK = { name: 'frank', password: 'frank-password' };
const GRACE = { name: 'grace', password: 'grace-password' };
const HOKUTO = 967;
const HOKUTO_MOVIE = 1358; // 1 episode
const HOKUTO_FILM = 1356; // read by no one else in this file, so not in the bot's response cache
const DEATH_NOTE = 21; // manga

function yourListField(text: { embeds?: Array<{ fields?: Array<{ name: string; value: string }> }> }): string | undefined {
  return text.embeds?.[0]?.fields?.find((f) => f.name === 'Your list')?.value;
}

describe('quick list actions on details end to end', () => {
  let stack: Stack;
  const invoker = newUser('invoker'); // alice
  const clicker = newUser('clicker'); // dave
  const reader = newUser('reader'); // eve
  const stranger = newUser('stranger'); // not logged in
  const revoked = newUser('revoked'); // frank, whose login gets revoked
  const doubleClicker = newUser('double'); // grace

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, DAVE, EVE, FRANK, GRACE] } });
    await stack.login(invoker, { name: 'alice', password: 'alice-password' });
    await stack.login(clicker, DAVE);
    await stack.login(reader, EVE);
    await stack.login(revoked, FRANK);
    await stack.login(doubleClicker, GRACE);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const sources = new Map<string, InteractionHandle>();
  const details = async (kind: 'anime' | 'manga', id: number, user = invoker) => {
    const handle = stack.command({ name: kind, subcommand: 'info', options: { title: `id:${id}` }, user, where: GUILD });
    const answer = await answerOf(handle);
    expect(answer.ephemeral).toBe(false);
    sources.set(answer.message.id, handle);
    return answer.message;
  };

  it('details show the invoker’s list status; another user’s click changes only their own entry', async () => {
    const message = await details('anime', HOKUTO);
    expect(yourListField(message)).toMatch(/^Watching · 73\/\d+ episodes/);
    const aliceBefore = await myListStatus(stack, 'alice', 'anime', HOKUTO);
    expect(await myListStatus(stack, 'dave', 'anime', HOKUTO)).toBeUndefined();

    const plusOne = componentId(message, '+1 episode');
    const firstClick = stack.click(message, plusOne, clicker);
    const first = await answerOf(firstClick);
    expect(first.ephemeral).toBe(true);
    // A new (ephemeral) message, not an update of the public one.
    expect([4, 5]).toContain((await firstClick.firstResponse()).type);
    expect(first.text).toContain('Updated your list: Hokuto no Ken');
    expect(first.message.embeds?.[0]?.fields?.find((f) => f.name === 'Episodes')?.value).toMatch(/^1\//);
    expect(await myListStatus(stack, 'dave', 'anime', HOKUTO)).toMatchObject({ status: 'watching', num_episodes_watched: 1 });

    const second = await answerOf(stack.click(message, plusOne, clicker));
    expect(second.ephemeral).toBe(true);
    expect(await myListStatus(stack, 'dave', 'anime', HOKUTO)).toMatchObject({ status: 'watching', num_episodes_watched: 2 });

    // The invoker's entry and the public message are untouched.
    expect(await myListStatus(stack, 'alice', 'anime', HOKUTO)).toEqual(aliceBefore);
    const publicNow = sources.get(message.id)?.original();
    expect(publicNow?.embeds).toEqual(message.embeds);
    expect(yourListField(publicNow ?? {})).toMatch(/^Watching · 73\/\d+ episodes/);

    // The invoker's own click changes the invoker's entry.
    const own = await answerOf(stack.click(message, plusOne, invoker));
    expect(own.ephemeral).toBe(true);
    expect(await myListStatus(stack, 'alice', 'anime', HOKUTO)).toMatchObject({ num_episodes_watched: 74 });
    expect(await myListStatus(stack, 'dave', 'anime', HOKUTO)).toMatchObject({ num_episodes_watched: 2 });
  });

  it('the status select sets the status of whoever picks it', async () => {
    const message = await details('anime', HOKUTO);
    const select = componentId(message, 'Set status');
    const aliceBefore = await myListStatus(stack, 'alice', 'anime', HOKUTO);
    const answer = await answerOf(stack.select(message, select, ['on_hold'], clicker));
    expect(answer.ephemeral).toBe(true);
    expect(answer.message.embeds?.[0]?.fields?.find((f) => f.name === 'Status')?.value).toBe('On Hold');
    expect(await myListStatus(stack, 'dave', 'anime', HOKUTO)).toMatchObject({ status: 'on_hold', num_episodes_watched: 2 });
    expect(await myListStatus(stack, 'alice', 'anime', HOKUTO)).toEqual(aliceBefore);

    // A first pick adds the title to the picker's list.
    expect(await myListStatus(stack, 'eve', 'anime', HOKUTO)).toBeUndefined();
    await answerOf(stack.select(message, select, ['plan_to_watch'], reader));
    expect(await myListStatus(stack, 'eve', 'anime', HOKUTO)).toMatchObject({ status: 'plan_to_watch' });
  });

  it('+1 on the last episode completes the entry, and one more is refused', async () => {
    const message = await details('anime', HOKUTO_MOVIE, clicker);
    const plusOne = componentId(message, '+1 episode');
    const done = await answerOf(stack.click(message, plusOne, reader));
    expect(done.ephemeral).toBe(true);
    expect(await myListStatus(stack, 'eve', 'anime', HOKUTO_MOVIE)).toMatchObject({ status: 'completed', num_episodes_watched: 1 });
    const writes = listWrites(stack);
    const again = await answerOf(stack.click(message, plusOne, reader));
    expect(again.ephemeral).toBe(true);
    expect(again.text).toMatch(/already watched the only episode of/i);
    expect(listWrites(stack)).toBe(writes);
  });

  it('manga details: +1 chapter and +1 volume act for the clicker', async () => {
    const message = await details('manga', DEATH_NOTE);
    expect(yourListField(message)).toMatch(/^Completed/);
    const aliceBefore = await myListStatus(stack, 'alice', 'manga', DEATH_NOTE);
    await answerOf(stack.click(message, componentId(message, '+1 chapter'), reader));
    await answerOf(stack.click(message, componentId(message, '+1 chapter'), reader));
    const vol = await answerOf(stack.click(message, componentId(message, '+1 volume'), reader));
    expect(vol.ephemeral).toBe(true);
    expect(await myListStatus(stack, 'eve', 'manga', DEATH_NOTE)).toMatchObject({ status: 'reading', num_chapters_read: 2, num_volumes_read: 1 });
    expect(await myListStatus(stack, 'alice', 'manga', DEATH_NOTE)).toEqual(aliceBefore);
    const statusPick = await answerOf(stack.select(message, componentId(message, 'Set status'), ['dropped'], reader));
    expect(statusPick.ephemeral).toBe(true);
    expect(await myListStatus(stack, 'eve', 'manga', DEATH_NOTE)).toMatchObject({ status: 'dropped', num_chapters_read: 2 });
  });

  it('+1 volume or chapter at the manga’s total is refused and writes nothing', async () => {
    const set = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'update', options: { title: `id:${DEATH_NOTE}`, volumes: 12, chapters: 108 }, user: clicker, where: GUILD }),
    );
    expect(set.ephemeral).toBe(false);
    const message = await details('manga', DEATH_NOTE);
    const writes = listWrites(stack);
    const vol = await answerOf(stack.click(message, componentId(message, '+1 volume'), clicker));
    expect(vol.ephemeral).toBe(true);
    expect(vol.text).toMatch(/already read all 12 volumes/);
    const ch = await answerOf(stack.click(message, componentId(message, '+1 chapter'), clicker));
    expect(ch.text).toMatch(/already read all 108 chapters/);
    expect(listWrites(stack)).toBe(writes);
    expect(await myListStatus(stack, 'dave', 'manga', DEATH_NOTE)).toMatchObject({ num_volumes_read: 12, num_chapters_read: 108 });
  });

  it('details read with the viewer’s token show the viewer’s own status; without a login the client header is used', async () => {
    const detailCalls = (start: number) => stack.emulator.requestLog.slice(start).filter((r) => r.path === `/v2/anime/${HOKUTO}`);
    let start = stack.emulator.requestLog.length;
    const asAlice = await details('anime', HOKUTO, invoker);
    expect(detailCalls(start).map((c) => c.auth)).toEqual(['bearer']);
    start = stack.emulator.requestLog.length;
    const asDave = await details('anime', HOKUTO, clicker);
    expect(detailCalls(start).map((c) => c.auth)).toEqual(['bearer']);
    const dave = await myListStatus(stack, 'dave', 'anime', HOKUTO);
    const alice = await myListStatus(stack, 'alice', 'anime', HOKUTO);
    expect(yourListField(asAlice)).toContain(`${String(alice?.num_episodes_watched)}/`);
    expect(yourListField(asDave)).toContain(`${String(dave?.num_episodes_watched)}/`);
    expect(yourListField(asDave)).not.toBe(yourListField(asAlice));
    start = stack.emulator.requestLog.length;
    const anonymous = await details('anime', HOKUTO, stranger);
    expect(yourListField(anonymous)).toBeUndefined();
    expect(detailCalls(start).every((c) => c.auth === 'client')).toBe(true);
  });

  it('a viewer who is not logged in is told to use /login and nothing is written', async () => {
    const message = await details('anime', HOKUTO);
    const writes = listWrites(stack);
    await expectToldToLogin(stack.click(message, componentId(message, '+1 episode'), stranger));
    await expectToldToLogin(stack.select(message, componentId(message, 'Set status'), ['completed'], stranger));
    expect(listWrites(stack)).toBe(writes);
    // Details for a viewer who is not logged in have no "Your list".
    const anonymous = await details('anime', HOKUTO, stranger);
    expect(yourListField(anonymous)).toBeUndefined();
    expect(textOf(anonymous)).toContain('Hokuto no Ken');
  });

  it('a viewer whose login was revoked still gets public details, read with the client header', async () => {
    stack.emulator.revokeRefreshTokens('frank');
    stack.emulator.expireAccessTokens('frank');
    const start = stack.emulator.requestLog.length;
    const refreshes = stack.emulator.stats.tokenRequests.refresh_token;
    const handle = stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${HOKUTO_FILM}` }, user: revoked, where: GUILD });
    const answer = await answerOf(handle);
    expect(handle.errors()).toEqual([]);
    expect(answer.ephemeral).toBe(false);
    expect(answer.message.embeds?.[0]?.footer?.text).toBe(`Anime · ID ${HOKUTO_FILM}`);
    expect(yourListField(answer.message)).toBeUndefined();
    const reads = stack.emulator.requestLog.slice(start).filter((r) => r.path === `/v2/anime/${HOKUTO_FILM}`);
    // The viewer's token was tried and rejected, the refresh was refused, then the read went out anonymously.
    expect(reads.map((r) => [r.auth, r.status])).toEqual([
      ['bearer', 401],
      ['client', 200],
    ]);
    expect(stack.emulator.stats.tokenRequests.refresh_token).toBe(refreshes + 1);

    // Still anonymous on the next read, and other errors are not swallowed: an unknown id is "not found".
    const again = await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${HOKUTO_FILM}` }, user: revoked, where: GUILD }));
    expect(again.ephemeral).toBe(false);
    expect(again.text).toContain(`ID ${HOKUTO_FILM}`);
    const missing = await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: 'id:99999999' }, user: revoked, where: GUILD }));
    expect(missing.ephemeral).toBe(true);
    expect(missing.text).toMatch(/not found/i);
  });

  it('two "+1" clicks at once by the same user both count', async () => {
    const message = await details('anime', HOKUTO);
    expect(await myListStatus(stack, 'grace', 'anime', HOKUTO)).toBeUndefined();
    const plusOne = componentId(message, '+1 episode');
    // Slow every service answer so that, unserialised, both clicks would read the entry before either writes.
    stack.emulator.faults.delayMs = 100;
    try {
      const clicks = [stack.click(message, plusOne, doubleClicker), stack.click(message, plusOne, doubleClicker)];
      const answers = await Promise.all(clicks.map((c) => answerOf(c)));
      for (const a of answers) expect(a.text).toContain('Updated your list');
    } finally {
      stack.emulator.faults.delayMs = 0;
    }
    expect(await myListStatus(stack, 'grace', 'anime', HOKUTO)).toMatchObject({ status: 'watching', num_episodes_watched: 2 });

    const manga = await details('manga', DEATH_NOTE);
    const plusChapter = componentId(manga, '+1 chapter');
    stack.emulator.faults.delayMs = 100;
    try {
      await Promise.all([stack.click(manga, plusChapter, doubleClicker), stack.click(manga, plusChapter, doubleClicker)].map((c) => answerOf(c)));
    } finally {
      stack.emulator.faults.delayMs = 0;
    }
    expect(await myListStatus(stack, 'grace', 'manga', DEATH_NOTE)).toMatchObject({ status: 'reading', num_chapters_read: 2 });
  });
});
