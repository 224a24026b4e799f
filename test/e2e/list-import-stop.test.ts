// Stop is within reach (issue 38, item 4), end to end: `/list anime import` while an import runs
// answers with the import's progress and a Stop button right there (the only one left where DMs are
// closed and the Import click's follow-ups are gone); Stop's report states exactly what the service
// received (per the emulator's write log), and a new import may start after it. A /logout mid-import
// stops it at the first "log in again" (item 5): no write after the one in flight, no failure per entry.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, componentId, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, eventually, serviceGet } from '../../local-stack/user-helpers.js';

const IMPORTER = { name: 'stopper', password: 'stopper-password' };
const ENTRIES = 40;

const entry = (id: number): string => `\t<anime>\n\t\t<series_animedb_id>${id}</series_animedb_id>\n\t\t<my_status>Completed</my_status>\n\t</anime>\n`;


describe('Stop from /list import while an import runs', () => {
  let stack: Stack;
  const person = newUser('stopper');

  beforeAll(async () => {
    // A slow upstream budget: the import runs long enough to be stopped mid-way.
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, IMPORTER] }, limits: { serviceRequestsPerSecond: 4 } });
    await stack.login(person, IMPORTER);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const importFile = (xml: string) =>
    stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'import', options: { file: stack.discord.upload('animelist.xml', Buffer.from(xml)), mode: 'overwrite' }, user: person, where: GUILD });

  it('answers a second import with a Stop button; the report counts every write that landed', { timeout: 120_000 }, async () => {
    stack.discord.dms.closeDms(person.id);
    const ranking = (await serviceGet(stack, 'alice', `/anime/ranking?ranking_type=all&limit=100`)).data as Array<{ node: { id: number } }>;
    const ids = ranking.map((r) => r.node.id).slice(0, ENTRIES);
    expect(ids).toHaveLength(ENTRIES);
    const file = `<myanimelist>\n${ids.map(entry).join('')}</myanimelist>`;
    const preview = await answerOf(importFile(file), 30_000);
    const writes = () => stack.emulator.writes.of(IMPORTER.name).put;
    const before = writes();
    const click = stack.click(preview.message, componentId(preview.message, 'Import'), person, GUILD);
    await click.settled(15_000);
    await eventually(() => (writes() - before >= 3 ? true : undefined), 30_000);
    const busy = await answerOf(importFile(file), 30_000);
    expect(busy.text).toMatch(/You already have an import running: \d+ of \d+ written so far/);
    const stop = stack.click(busy.message, componentId(busy.message, 'Stop the import'), person, GUILD);
    expect(textOf(await stop.settled(15_000))).toContain('Stopping the import');
    const report = await eventually(() => click.followUps().find((m) => textOf(m).includes('Import stopped')), 30_000);
    // What the service received, not one fewer: every write done before the stop took effect is counted.
    const received = writes() - before;
    expect(received).toBeLessThan(ENTRIES);
    expect(textOf(report)).toContain(`${received} of ${ids.length} written, 0 failed`);
    expect(textOf(report)).toContain(`${ENTRIES - received} not written`);
    // No write after the report.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(writes() - before).toBe(received);
    const again = await answerOf(importFile(file), 30_000);
    expect(again.text).toContain('Would be changed');
    stack.discord.dms.openDms(person.id);
  });

  it('/logout mid-import stops it at the first "log in again", and says so', { timeout: 120_000 }, async () => {
    const ranking = (await serviceGet(stack, 'alice', '/anime/ranking?ranking_type=all&limit=100')).data as Array<{ node: { id: number } }>;
    const ids = ranking.map((r) => r.node.id).slice(0, ENTRIES);
    const file = `<myanimelist>\n${ids.map((id) => entry(id).replace('Completed', 'Dropped')).join('')}</myanimelist>`;
    const preview = await answerOf(importFile(file), 30_000);
    const writes = () => stack.emulator.writes.of(IMPORTER.name).put;
    const before = writes();
    await stack.click(preview.message, componentId(preview.message, 'Import'), person, GUILD).settled(15_000);
    await eventually(() => (writes() - before >= 3 ? true : undefined), 30_000);
    await answerOf(stack.command({ name: 'logout', user: person, where: GUILD }));
    const atLogout = writes();
    const report = await eventually(() => stack.discord.dms.messagesTo(person.id).find((m) => textOf(m).includes('log in again')), 30_000);
    const received = writes() - before;
    expect(writes() - atLogout).toBeLessThanOrEqual(1);
    expect(textOf(report)).toContain(`${received} of ${ENTRIES} written, 0 failed`);
    expect(textOf(report)).toContain('/login');
    expect(report.attachments ?? []).toEqual([]);
  });
});
