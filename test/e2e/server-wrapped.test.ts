// /server wrapped end to end on each shared store (SQLite, PostgreSQL, Redis), against the emulator and
// the fake Discord: four members whose completed titles carry finish dates in this year join the
// server's community; the server's year is answered with two pictures (the year in numbers, the most
// shared titles) with alt text counting what the members completed, reading nothing from the service;
// titles not safe for work are named nowhere outside an age-restricted channel. On SQLite the asker's
// Discord is in German. A year the bot does not keep is refused clearly.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '../../emulator/server.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { answerOf, serviceGet } from '../../local-stack/user-helpers.js';
import type { Who } from '../../fake-discord/index.js';
import { attachmentsOf } from './picture-helpers.js';

const ENGINES = engineCases().filter((c) => c.kind !== 'memory');
const YEAR = new Date().getUTCFullYear();
const NAMES = ['yuna', 'kai', 'ren', 'sora'];

/** Seeded lists over a small catalogue (members share titles); every completion finished this year. */
const MEMBERS: EmulatorUser[] = NAMES.map((name) => ({
  name,
  password: `${name}-password`,
  lists: { anime: 80, manga: 0 },
  entryDates: (_kind, id, entry) => (entry.status === 'completed' ? { finish_date: `${YEAR}-${String(1 + (id % 11)).padStart(2, '0')}-10` } : undefined),
}));

interface Row {
  node: { id: number; title: string; nsfw?: string };
  list_status: { status: string };
}

/** Each member's completed titles, as the service has them. */
async function completions(stack: Stack): Promise<Row[][]> {
  const all: Row[][] = [];
  for (const name of NAMES) {
    const page = await serviceGet(stack, name, `/users/${name}/animelist?limit=1000&nsfw=true&fields=list_status,nsfw`);
    all.push((page.data as Row[]).filter((r) => r.list_status.status === 'completed'));
  }
  return all;
}

describe.each(ENGINES)('/server wrapped on $kind', (engine) => {
  let stack: Stack;
  let place: OpenedCase | undefined;
  const german = engine.kind === 'sqlite';
  const locale = german ? 'de' : 'en-US';
  const members: Who[] = NAMES.map((n) => newUser(n));
  const requests = () => stack.emulator.throttle.traffic().requests;

  beforeAll(async () => {
    if (engine.skipped) return;
    place = prepareCase(engine.kind);
    stack = await startStack({ storeUrl: place.url, emulator: { users: [...DEFAULT_USERS, ...MEMBERS], catalogue: { size: 160 }, pictures: true } });
    for (const [i, who] of members.entries()) {
      await stack.login(who, MEMBERS[i] as EmulatorUser);
      const joined = await answerOf(stack.command({ name: 'server', subcommand: 'join', user: who, where: GUILD }));
      expect(joined.text).toContain('joined');
    }
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await place?.cleanup();
  }, 60_000);

  it.skipIf(engine.skipped)("the server's year: two pictures from the members' sums, no service request, nothing unsafe named", { timeout: 120_000 }, async () => {
    const done = await completions(stack);
    const total = done.reduce((n, rows) => n + rows.length, 0);
    const titles = new Set(done.flat().map((r) => r.node.id));
    const unsafe = done.flat().filter((r) => r.node.nsfw !== undefined && r.node.nsfw !== 'white');
    expect(total).toBeGreaterThan(20);
    expect(unsafe.length).toBeGreaterThan(0);

    const before = requests();
    const handle = stack.command({ name: 'server', subcommand: 'wrapped', options: { year: YEAR }, user: members[0] as Who, where: GUILD, locale });
    const message = await handle.waitForOriginal((m) => attachmentsOf(m).length > 0, 60_000);
    expect(requests() - before).toBe(0);
    const files = attachmentsOf(message);
    expect(files.map((f) => f.filename.replace(/\.(png|webp)$/, ''))).toEqual([`server-wrapped-anime-${YEAR}-numbers`, `server-wrapped-anime-${YEAR}-shared`]);
    const numbers = files[0]?.description ?? '';
    const fmt = (n: number) => n.toLocaleString(german ? 'de' : 'en');
    if (german) {
      expect(numbers).toMatch(new RegExp(`^Das ${YEAR} dieses Servers in Anime\\. Abgeschlossene Titel ${fmt(total)}, Verschiedene Titel ${fmt(titles.size)},`));
      expect(numbers).toContain('Am häufigsten abgeschlossen: ');
    } else {
      expect(numbers).toMatch(new RegExp(`^This server’s ${YEAR} in anime\\. Titles completed ${fmt(total)}, Different titles ${fmt(titles.size)},`));
      expect(numbers).toContain('Most completed: ');
    }
    const alts = files.map((f) => f.description ?? '').join('\n');
    for (const row of unsafe) expect(alts).not.toContain(row.node.title);
    for (const file of files) expect(file.width).toBeGreaterThan(300);
  });

  it.skipIf(engine.skipped)('a year the bot does not keep is refused, in the asker’s language', async () => {
    const out = await answerOf(stack.command({ name: 'server', subcommand: 'wrapped', options: { year: YEAR - 3 }, user: members[1] as Who, where: GUILD, locale }));
    expect(out.text).toContain(german ? `nur für ${YEAR - 1} und ${YEAR} gespeichert` : `kept for ${YEAR - 1} and ${YEAR} only`);
    expect(textOf(out.message)).not.toContain('Error');
  });
});
