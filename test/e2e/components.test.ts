// Components end to end: pager buttons, "open" select menus, clicks by others, and title autocomplete.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedMessage, Where } from '../../fake-discord/index.js';
import { DM, GUILD, NSFW_CHANNEL, newUser, startStack, textOf, TRANSPORTS, type Stack } from '../../local-stack/harness.js';
import { buttonLabelled, expectClean, isEphemeral, pageLabel, selectOf, timed } from './catalogue-helpers.js';

const RAW_BBCODE = /\[\/?(b|i|u|s|url|quote|spoiler|color|size|center|img|list|\*)\b[^\]]*\]/i;

describe.each(TRANSPORTS)('components end to end over the %s transport', (transport) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ transport });
  });
  afterEach(() => {
    stack.emulator.faults.reset();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function click(message: RecordedMessage, label: string, user: { id: string }, where?: Where) {
    const handle = stack.click(message, buttonLabelled(message, label).custom_id ?? '', user, where);
    const updated = await handle.settled();
    expectClean(handle, updated);
    return updated;
  }

  describe.each([
    ['a server channel', GUILD],
    ['a DM', DM],
  ] as const)('paging in %s', (_name, where) => {
    it('next, previous and first change the page and its items; previous is disabled on page 1', async () => {
      const user = newUser();
      const handle = stack.command({ name: 'anime', subcommand: 'ranking', options: { type: 'all' }, where, user });
      const first = await handle.settled();
      expectClean(handle, first);
      expect(pageLabel(first)).toMatch(/^Page 1\b/);
      expect(buttonLabelled(first, 'Previous').disabled).toBe(true);
      expect(buttonLabelled(first, 'First').disabled).toBe(true);
      expect(buttonLabelled(first, 'Next').disabled).toBe(false);
      expect(textOf(first)).toMatch(/\*\*#1\*\* /);

      const second = await click(first, 'Next', user);
      expect(second.id).toBe(first.id);
      expect(pageLabel(second)).toMatch(/^Page 2\b/);
      expect(textOf(second)).not.toMatch(/\*\*#1\*\* /);
      expect(textOf(second)).toMatch(/\*\*#1[1-9]\*\* /);
      expect(buttonLabelled(second, 'Previous').disabled).toBe(false);

      const third = await click(second, 'Next', user);
      expect(pageLabel(third)).toMatch(/^Page 3\b/);
      expect(textOf(third)).toMatch(/\*\*#2[1-9]\*\* /);

      const back = await click(third, 'Previous', user);
      expect(pageLabel(back)).toMatch(/^Page 2\b/);
      expect(textOf(back)).toBe(textOf(second));

      const start = await click(back, 'First', user);
      expect(pageLabel(start)).toMatch(/^Page 1\b/);
      expect(textOf(start)).toBe(textOf(first));
      expect(buttonLabelled(start, 'Previous').disabled).toBe(true);
    });
  });

  it('next is disabled on the last page (the service sent no paging.next)', async () => {
    const user = newUser();
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'alice' }, where: NSFW_CHANNEL, user });
    let page = await handle.settled();
    expectClean(handle, page);
    let pages = 1;
    const seen = new Set<string>([textOf(page)]);
    while (!buttonLabelled(page, 'Next').disabled) {
      const before = stack.emulator.requestLog.length;
      page = await click(page, 'Next', user);
      pages++;
      expect(pageLabel(page)).toMatch(new RegExp(`^Page ${pages}\\b`));
      expect(seen.has(textOf(page))).toBe(false);
      seen.add(textOf(page));
      const request = stack.emulator.requestLog.slice(before).find((r) => r.path === '/v2/users/alice/animelist');
      expect(request?.query.offset).toBe(String((pages - 1) * 10));
      if (pages > 20) throw new Error('paging never ends');
    }
    expect(pages).toBeGreaterThanOrEqual(5);
    expect(textOf(page)).toMatch(new RegExp(`\\*\\*${(pages - 1) * 10 + 1}\\.\\*\\* `));
    expect(buttonLabelled(page, 'Previous').disabled).toBe(false);
  });

  it('topic posts page through the whole topic with BBCode rendered on every page', async () => {
    const user = newUser();
    const handle = stack.command({ name: 'forum', subcommand: 'topic', options: { id: 1877721 }, where: GUILD, user });
    let page = await handle.settled();
    expectClean(handle, page);
    expect(textOf(page)).toContain('Total: 205 votes');
    let pages = 1;
    const numbers = new Set<number>();
    for (;;) {
      const text = textOf(page);
      expect(text).not.toMatch(RAW_BBCODE);
      expect(text).not.toMatch(/<br\s*\/?>|&(#\d+|amp|quot|lt|gt);/i);
      for (const m of text.matchAll(/\*\*#(\d+)\*\*/g)) numbers.add(Number(m[1]));
      if (buttonLabelled(page, 'Next').disabled) break;
      page = await click(page, 'Next', user);
      pages++;
      expect(pageLabel(page)).toMatch(new RegExp(`^Page ${pages}\\b`));
      if (pages > 40) throw new Error('paging never ends');
    }
    // 74 posts: every one shown exactly once across the pages.
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 74 }, (_, i) => i + 1));
  });

  it('the open menu of a list opens the details as a new message', async () => {
    const user = newUser();
    const handle = stack.command({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto no' }, where: GUILD, user });
    const list = await handle.settled();
    const select = selectOf(list);
    const open = stack.select(list, select.custom_id, ['a:1356'], user);
    const details = await open.settled();
    expectClean(open, details);
    expect(details.id).not.toBe(list.id);
    expect(isEphemeral(details)).toBe(false);
    expect(textOf(details)).toContain('Hokuto no Ken 2');
    expect(textOf(details)).toContain('ID 1356');
    expect(textOf(handle.original())).toBe(textOf(list));
  });

  it('forum topics → select a topic → its posts, then page them', async () => {
    const user = newUser();
    const handle = stack.command({ name: 'forum', subcommand: 'topics', options: { query: 'best jojo opening' }, where: DM, user });
    const list = await handle.settled();
    // The topic list knows the number of replies, so the option carries the post count.
    const option = selectOf(list).options?.find((o) => o.value.startsWith('t:1877721'));
    expect(option?.value).toBe('t:1877721:74');
    const open = stack.select(list, selectOf(list).custom_id, [option?.value ?? ''], user);
    const topic = await open.settled();
    expectClean(open, topic);
    expect(topic.id).not.toBe(list.id);
    expect(textOf(topic)).toContain('What is the best JoJo opening?');
    expect(textOf(topic)).toContain('**#1**');
    expect(pageLabel(topic)).toBe('Page 1 of 19');
    const next = await click(topic, 'Next', user);
    expect(textOf(next)).toContain('**#5**');
    expect(textOf(next)).not.toContain('**#1**');
    const last = await click(next, 'Last', user);
    expect(pageLabel(last)).toBe('Page 19 of 19');
    expect(textOf(last)).toContain('**#74**');
    expect(buttonLabelled(last, 'Next').disabled).toBe(true);
    expect(buttonLabelled(last, 'Last').disabled).toBe(true);
  });

  it('forum boards → select a board → its topics', async () => {
    const user = newUser();
    const handle = stack.command({ name: 'forum', subcommand: 'boards', where: GUILD, user });
    const boards = await handle.settled();
    const open = stack.select(boards, selectOf(boards).custom_id, ['b:8'], user);
    const topics = await open.settled();
    expectClean(open, topics);
    expect(textOf(topics)).toContain('Forum topics: board 8');
    expect(textOf(topics)).toContain('Hello from');
  });

  it('a click or pick by someone else gets an ephemeral notice and changes nothing', async () => {
    const owner = newUser('owner');
    const other = newUser('other');
    const handle = stack.command({ name: 'anime', subcommand: 'ranking', options: { type: 'airing' }, where: GUILD, user: owner });
    const list = await handle.settled();
    const before = structuredClone(handle.original());
    const requests = stack.emulator.requestLog.length;

    const click = stack.click(list, buttonLabelled(list, 'Next').custom_id ?? '', other);
    const notice = await click.settled();
    expect(click.errors()).toEqual([]);
    expect(click.ephemeral()).toBe(true);
    expect(notice.id).not.toBe(list.id);
    expect(textOf(notice)).toMatch(/Only the person who ran this command/);

    const pick = stack.select(list, selectOf(list).custom_id, [selectOf(list).options?.[0]?.value ?? ''], other);
    await pick.settled();
    expect(pick.ephemeral()).toBe(true);

    expect(handle.original()).toEqual(before);
    expect(stack.emulator.requestLog.length).toBe(requests);
  });

  describe('title autocomplete', () => {
    it('answers ≤ 25 choices with names ≤ 100 characters and id values', async () => {
      for (const [name, value] of [
        ['anime', 'hokuto'],
        ['anime', 'no k'],
        ['manga', 'kiseijuu'],
        ['manga', 'no s'],
      ] as const) {
        const handle = stack.autocomplete({ name, subcommand: 'info', focused: 'title', value, where: GUILD, user: newUser() });
        const choices = await handle.autocompleteChoices();
        expect(handle.errors()).toEqual([]);
        expect(choices.length).toBeGreaterThan(0);
        expect(choices.length).toBeLessThanOrEqual(25);
        for (const c of choices) {
          expect(c.name.length).toBeGreaterThan(0);
          expect(c.name.length).toBeLessThanOrEqual(100);
          expect(String(c.value)).toMatch(/^id:\d+$/);
        }
      }
      const hokuto = await stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: 'hokuto', where: DM, user: newUser() }).autocompleteChoices();
      expect(hokuto).toContainEqual({ name: 'Hokuto no Ken (TV, 1984)', value: 'id:967' });
    });

    it('answers in time with cached choices when the service is slow, and empty for an unseen text', async () => {
      const user = newUser();
      const warm = stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: 'ginga', where: GUILD, user });
      expect(await warm.autocompleteChoices()).toContainEqual(expect.objectContaining({ value: 'id:820' }));

      stack.emulator.faults.delayMs = 4000;
      const same = stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: 'ginga', where: GUILD, user });
      const sameChoices = await same.autocompleteChoices();
      expect(same.errors()).toEqual([]);
      expect(sameChoices).toContainEqual(expect.objectContaining({ value: 'id:820' }));

      const longer = stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: 'ginga eiyuu', where: GUILD, user });
      const { value: longerChoices } = await timed(longer.autocompleteChoices());
      expect(longer.errors()).toEqual([]);
      expect((await longer.firstResponse()).at).toBeLessThan(3000);
      expect(longerChoices).toContainEqual(expect.objectContaining({ value: 'id:820' }));

      const unseen = stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: 'vinland', where: GUILD, user });
      expect(await unseen.autocompleteChoices()).toEqual([]);
      expect(unseen.errors()).toEqual([]);
      expect((await unseen.firstResponse()).at).toBeLessThan(3000);
    });

    it('the picked choice opens the details', async () => {
      const user = newUser();
      const choices = await stack.autocomplete({ name: 'manga', subcommand: 'info', focused: 'title', value: 'death no', where: NSFW_CHANNEL, user }).autocompleteChoices();
      const pick = choices.find((c) => c.name.startsWith('Death Note'));
      expect(pick).toBeDefined();
      const handle = stack.command({ name: 'manga', subcommand: 'info', options: { title: String(pick?.value) }, where: NSFW_CHANNEL, user });
      const message = await handle.settled();
      expectClean(handle, message);
      expect(textOf(message)).toContain('Takeshi Obata');
    });
  });
});
