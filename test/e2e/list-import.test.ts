// /list anime|manga import end to end, the bot against the emulator and the fake Discord (which
// delivers the attachment as Discord does: resolved.attachments, a signed expiring CDN URL): the
// preview writes nothing, Import writes one PUT per added or changed entry through the job, the
// progress and the report come by DM (the failures as a file), a second import of the same file
// writes nothing, a bad file is named with its elements and offers no Import; an unlinked person is
// refused; with DMs closed the Import click's follow-ups carry progress and report.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, componentId, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, eventually, listWrites, myListStatus } from '../../local-stack/user-helpers.js';

const FRANK = { name: 'frank', password: 'frank-password' };
const FMAB = 5114;
const BEBOP = 1;
const UNKNOWN = 987654;

const entry = (id: number, status: string, extra = ''): string =>
  `\t<anime>\n\t\t<series_animedb_id>${id}</series_animedb_id>\n\t\t<series_title><![CDATA[T${id}]]></series_title>\n\t\t<my_status>${status}</my_status>${extra}\n\t</anime>\n`;

const FILE = `<?xml version="1.0" encoding="UTF-8" ?>
<!-- Created by XML Export feature -->
<myanimelist>
${entry(FMAB, 'Completed', '<my_score>9</my_score><my_watched_episodes>64</my_watched_episodes><my_priority>HIGH</my_priority><my_tags><![CDATA[,classic]]></my_tags><my_start_date>2020-01-00</my_start_date>')}${entry(BEBOP, 'Watching', '<my_watched_episodes>5</my_watched_episodes>')}${entry(UNKNOWN, 'Plan to Watch')}</myanimelist>`;


describe('/list import end to end', () => {
  let stack: Stack;
  const frank = newUser('frank');

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, FRANK] } });
    await stack.login(frank, FRANK);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const importFile = (xml: string, mode?: string, kind: 'anime' | 'manga' = 'anime') =>
    stack.command({
      name: 'list',
      subcommandGroup: kind,
      subcommand: 'import',
      options: { file: stack.discord.upload('animelist.xml', Buffer.from(xml)), ...(mode ? { mode } : {}) },
      user: frank,
      where: GUILD,
    });

  it('previews without writing, imports on Import with one write per entry, reports by DM with the failures as a file', { timeout: 60_000 }, async () => {
    const writesBefore = listWrites(stack);
    const preview = await answerOf(importFile(FILE), 20_000);
    expect(preview.text).toContain('Entries read: 3');
    expect(preview.text).toContain('Would be added: 3');
    expect(preview.text).toContain('start and finish dates');
    expect(listWrites(stack)).toBe(writesBefore);
    const handle = stack.click(preview.message, componentId(preview.message, 'Import'), frank, GUILD);
    const started = await handle.settled(10_000);
    expect(textOf(started)).toContain('Import started');
    const report = await eventually(() => stack.discord.dms.messagesTo(frank.id).find((m) => textOf(m).includes('Import finished')));
    expect(textOf(report)).toContain('2 of 3 written, 1 failed');
    expect(report.attachments?.[0]?.filename).toBe('import-failures.txt');
    expect(listWrites(stack) - writesBefore).toBe(3);
    expect(await myListStatus(stack, 'frank', 'anime', FMAB)).toMatchObject({ status: 'completed', score: 9, num_episodes_watched: 64, priority: 2, tags: ['classic'] });
    expect(await myListStatus(stack, 'frank', 'anime', BEBOP)).toMatchObject({ status: 'watching', num_episodes_watched: 5 });
    // One progress message, edited, not a message per step.
    expect(stack.discord.dms.messagesTo(frank.id).filter((m) => textOf(m).includes('Importing into your anime list'))).toHaveLength(1);
  });

  it('a second import of the same file writes nothing; keep_higher writes only what is higher', async () => {
    const writesBefore = listWrites(stack);
    const again = await answerOf(importFile(FILE), 20_000);
    expect(again.text).toContain('Would be added: 1'); // the unknown title is still not on the list
    expect(again.text).toContain('Left alone: 2');
    const higher = FILE.replace('<my_watched_episodes>5</my_watched_episodes>', '<my_watched_episodes>3</my_watched_episodes><my_score>7</my_score>');
    const preview = await answerOf(importFile(higher, 'keep_higher'), 20_000);
    expect(preview.text).toContain('Would be changed: 1');
    expect(preview.text).toContain('Score (1)');
    expect(preview.text).not.toContain('Episodes');
    expect(listWrites(stack)).toBe(writesBefore);
  });

  it('names bad values with their entry and element and offers no Import; refuses the other kind and a DOCTYPE', async () => {
    const bad = FILE.replace('<my_score>9</my_score>', '<my_score>11</my_score>').replace('Watching', 'Binging');
    const preview = await answerOf(importFile(bad), 20_000);
    expect(preview.text).toContain('2 problems found');
    expect(preview.text).toMatch(/entry #1 \(id 5114\) `<my_score>` “11”: a score outside 0–10/);
    expect(preview.text).toContain('an unknown status');
    expect(() => componentId(preview.message, 'Import')).toThrow();
    const manga = await answerOf(importFile(FILE, undefined, 'manga'), 20_000);
    expect(manga.text).toContain('a file of the other kind');
    const doctype = await answerOf(importFile('<!DOCTYPE x [<!ENTITY a "b">]><myanimelist/>'), 20_000);
    expect(doctype.text).toContain('DOCTYPE');
    const big = await answerOf(importFile(`<myanimelist>${' '.repeat(5 * 1024 * 1024)}</myanimelist>`), 20_000);
    expect(big.text).toContain('it is over 5 MB');
  });

  it('needs a linked account; with DMs closed, progress and the report come as follow-ups of the Import click', { timeout: 60_000 }, async () => {
    const stranger = newUser('stranger');
    const refused = await answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'import', options: { file: stack.discord.upload('a.xml', Buffer.from(FILE)) }, user: stranger, where: GUILD }));
    expect(refused.text).toContain('/login');
    stack.discord.dms.closeDms(frank.id);
    const small = `<myanimelist>${entry(30, 'Dropped')}</myanimelist>`;
    const preview = await answerOf(importFile(small), 20_000);
    expect(preview.text).toContain('Would be added: 1');
    const click = stack.click(preview.message, componentId(preview.message, 'Import'), frank, GUILD);
    await click.settled(10_000);
    const report = await eventually(() => click.followUps().find((m) => textOf(m).includes('Import finished')));
    expect(textOf(report)).toMatch(/\d of 1 written/);
    expect(click.followUps().some((m) => textOf(m).includes('Your DMs are closed'))).toBe(true);
    stack.discord.dms.openDms(frank.id);
  });
});
