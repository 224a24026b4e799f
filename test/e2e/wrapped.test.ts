// /wrapped end to end on each shared store (SQLite, PostgreSQL, Redis), against the emulator and the
// fake Discord: a user whose 1 200 anime entries carry chosen dates (the emulator's `entryDates`) asks
// privately for 2025; the year is read with two list requests, answered with four pictures in one
// message (as Discord takes them) with alt text, titles not safe for work named nowhere; Share posts
// the cards for the owner only, reading nothing; someone else asking for the same public list reads it
// once, then not again. On SQLite the person's Discord is in German.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS, type EmulatorUser } from '../../emulator/server.js';
import { DM, GUILD, NSFW_CHANNEL, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { answerOf, serviceGet } from '../../local-stack/user-helpers.js';
import { buttonLabelled } from './catalogue-helpers.js';
import { attachmentsOf } from './picture-helpers.js';
import type { InteractionHandle, RecordedMessage } from '../../fake-discord/index.js';

const ENGINES = engineCases().filter((c) => c.kind !== 'memory');
const YEAR = 2025;

/** Completed entries by id: a quarter finished on a partial date of 2025, a quarter on a full one, a quarter without a finish date (updated in 2025), the rest in 2024. */
const OWNER: EmulatorUser = {
  name: 'wren',
  password: 'wren-password',
  lists: { anime: 1_200, manga: 40 },
  entryDates: (_kind, id, entry) => {
    if (entry.status !== 'completed') return undefined;
    const month = String(1 + (id % 12)).padStart(2, '0');
    switch (id % 4) {
      case 0:
        return { finish_date: `${YEAR}-${month}-00` };
      case 1:
        return { finish_date: `${YEAR}-${month}-15` };
      case 2:
        return { finish_date: '0000-00-00', updatedAt: Date.UTC(YEAR, id % 12, 3) };
      default:
        return { finish_date: `${YEAR - 1}-${month}-15` };
    }
  },
};

interface Row {
  node: { id: number; title: string; nsfw?: string };
  list_status: { status: string };
}

async function completedIn(stack: Stack): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await serviceGet(stack, 'wren', `/users/wren/animelist?limit=1000&offset=${offset}&nsfw=true&fields=list_status,nsfw`);
    rows.push(...(page.data as Row[]));
    if ((page.data as Row[]).length < 1000) return rows.filter((r) => r.list_status.status === 'completed' && r.node.id % 4 !== 3);
  }
}

/** The answer once its cards are in (a list of more than one read first says how far the reading got). */
async function cardsOf(handle: InteractionHandle): Promise<{ message: RecordedMessage; text: string; ephemeral: boolean }> {
  const message = await handle.waitForOriginal((m) => attachmentsOf(m).length > 0, 60_000);
  return { message, text: textOf(message), ephemeral: handle.ephemeral() };
}

describe.each(ENGINES)('/wrapped on $kind', (engine) => {
  let stack: Stack;
  let place: OpenedCase | undefined;
  const german = engine.kind === 'sqlite';
  const locale = german ? 'de' : 'en-US';
  const owner = newUser('wren');
  const stranger = newUser('stranger');
  const requests = () => stack.emulator.throttle.traffic().requests;

  beforeAll(async () => {
    if (engine.skipped) return;
    place = prepareCase(engine.kind);
    stack = await startStack({ storeUrl: place.url, emulator: { users: [...DEFAULT_USERS, OWNER], catalogue: { size: 1_500 }, pictures: true } });
    await stack.login(owner, OWNER);
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await place?.cleanup();
  }, 60_000);

  it.skipIf(engine.skipped)('a private year: four pictures from two list reads; Share for the owner only, reading nothing', { timeout: 120_000 }, async () => {
    const done = await completedIn(stack);
    const byFinish = done.filter((r) => r.node.id % 4 !== 2).length;
    const unsafe = done.filter((r) => r.node.nsfw !== undefined && r.node.nsfw !== 'white');
    expect(done.length).toBeGreaterThan(50);

    const before = requests();
    const answer = await cardsOf(stack.command({ name: 'wrapped', options: { year: YEAR, private: true }, user: owner, where: GUILD, locale }));
    expect(requests() - before).toBe(2);
    expect(answer.ephemeral).toBe(true);
    const files = attachmentsOf(answer.message);
    expect(files.map((f) => f.filename.replace(/\.(png|webp)$/, ''))).toEqual([`wrapped-anime-${YEAR}-numbers`, `wrapped-anime-${YEAR}-top`, `wrapped-anime-${YEAR}-taste`, `wrapped-anime-${YEAR}-highlights`]);
    for (const file of files) {
      expect(file.width).toBeGreaterThan(300);
      expect(file.description?.length).toBeGreaterThan(20);
    }
    const numbers = files[0]?.description ?? '';
    if (german) {
      expect(numbers).toMatch(new RegExp(`^Dein ${YEAR} in Anime, das Jahr in Zahlen: Titel abgeschlossen ${done.length.toLocaleString('de')},`));
      expect(numbers).toContain(`Datiert nach Enddatum: ${byFinish}; nach dem Zeitpunkt, an dem der Bot den Abschluss sah: 0; nach letzter Änderung: ${done.length - byFinish}.`);
    } else {
      expect(numbers).toMatch(new RegExp(`^Your ${YEAR} in anime, the year in numbers: Titles completed ${done.length.toLocaleString('en')},`));
      expect(numbers).toContain(`Dated by finish date: ${byFinish}; by when the bot saw it completed: 0; by last update: ${done.length - byFinish}.`);
    }
    const alts = files.map((f) => f.description ?? '').join('\n');
    for (const row of unsafe) expect(alts).not.toContain(row.node.title);

    const refused = await answerOf(stack.click(answer.message, buttonLabelled(answer.message, german ? 'Teilen' : 'Share').custom_id ?? '', stranger, GUILD));
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toContain('Not your command');

    const beforeShare = requests();
    const shared = await answerOf(stack.click(answer.message, buttonLabelled(answer.message, german ? 'Teilen' : 'Share').custom_id ?? '', owner, GUILD), 30_000);
    expect(requests()).toBe(beforeShare);
    expect(shared.ephemeral).toBe(false);
    // The same cards, in the clicker's language (the fake's click speaks English).
    expect(attachmentsOf(shared.message).map((f) => f.filename)).toEqual(files.map((f) => f.filename));
    if (!german) expect(attachmentsOf(shared.message).map((f) => f.description)).toEqual(files.map((f) => f.description));
  });

  it.skipIf(engine.skipped)('someone else asking for the public list reads it once; a second ask reads nothing', { timeout: 120_000 }, async () => {
    const first = requests();
    const answer = await cardsOf(stack.command({ name: 'wrapped', options: { user: 'wren', year: YEAR }, user: stranger, where: NSFW_CHANNEL }));
    expect(requests() - first).toBe(2);
    expect(answer.ephemeral).toBe(false);
    expect(attachmentsOf(answer.message)[0]?.description).toMatch(new RegExp(`^wren’s ${YEAR} in anime, the year in numbers: `));
    const second = requests();
    const again = await answerOf(stack.command({ name: 'wrapped', options: { user: 'WREN', year: YEAR }, user: newUser('third'), where: DM }), 60_000);
    expect(requests()).toBe(second);
    expect(attachmentsOf(again.message)).toHaveLength(4);
  });

  it.skipIf(engine.skipped)('a completion the bot saw (a joined member’s list change) is dated by that sighting, not by the last update', { timeout: 120_000 }, async () => {
    expect((await answerOf(stack.command({ name: 'server', subcommand: 'join', user: owner, where: GUILD, locale }), 60_000)).ephemeral).toBeDefined();
    const planned = (await serviceGet(stack, 'wren', '/users/wren/animelist?status=plan_to_watch&limit=1&nsfw=false&fields=list_status')).data as Row[];
    const id = planned[0]?.node.id ?? 0;
    expect(id).toBeGreaterThan(0);
    await answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: `id:${id}`, status: 'completed' }, user: owner, where: GUILD, locale }), 30_000);
    const year = new Date().getUTCFullYear();
    const answer = await cardsOf(stack.command({ name: 'wrapped', options: { year, private: true }, user: owner, where: GUILD, locale }));
    const numbers = attachmentsOf(answer.message)[0]?.description ?? '';
    expect(numbers).toContain(german ? 'nach dem Zeitpunkt, an dem der Bot den Abschluss sah: 1;' : 'by when the bot saw it completed: 1;');
  });

  it.skipIf(engine.skipped)('a list whose reads do not fit the command’s wait: said at once, the rest read in the background, the cards replace the answer', { timeout: 120_000 }, async () => {
    // Each read takes 4 s: after the first, a second and the cards would not fit the command's 10 s.
    stack.emulator.faults.delayMs = 4_000;
    try {
      const first = stack.emulator.requestLog.length;
      const handle = stack.command({ name: 'wrapped', options: { user: 'wren', year: YEAR - 1 }, user: stranger, where: GUILD });
      const notice = await handle.waitForOriginal((m) => textOf(m).includes('a long list'), 30_000);
      expect(textOf(notice)).toMatch(new RegExp(`^wren’s ${YEAR - 1} in anime: a long list \\(1,000 entries read so far\\)\\. The rest is read in the background`));
      expect(attachmentsOf(notice)).toHaveLength(0);
      const done = await handle.waitForOriginal((m) => attachmentsOf(m).length > 0, 60_000);
      expect(attachmentsOf(done)).toHaveLength(4);
      expect(textOf(done)).not.toContain('a long list');
      expect(handle.errors()).toEqual([]);
      // One read per 1 000 entries in all, the second by the background work.
      const reads = stack.emulator.requestLog.slice(first).filter((r) => r.path.endsWith('/users/wren/animelist'));
      expect(reads.map((r) => r.query.offset)).toEqual(['0', '1000']);
    } finally {
      stack.emulator.faults.delayMs = 0;
    }
    // Kept: asked again, nothing is read.
    const again = requests();
    const kept = await answerOf(stack.command({ name: 'wrapped', options: { user: 'wren', year: YEAR - 1 }, user: owner, where: GUILD }), 30_000);
    expect(attachmentsOf(kept.message)).toHaveLength(4);
    expect(requests()).toBe(again);
  });

  it.skipIf(engine.skipped)('a year without completions is one friendly card; an unknown list and a future year get clear answers', { timeout: 60_000 }, async () => {
    const empty = await answerOf(stack.command({ name: 'wrapped', options: { user: 'wren', year: 2001, kind: 'manga' }, user: stranger, where: GUILD }), 30_000);
    const [card] = attachmentsOf(empty.message);
    expect(attachmentsOf(empty.message)).toHaveLength(1);
    expect(card?.description).toMatch(/^wren’s 2001 in manga: nothing finished in 2001\. Planned instead: \d+ titles?\./);
    const unknown = await answerOf(stack.command({ name: 'wrapped', options: { user: 'nobody-here' }, user: stranger, where: GUILD }), 30_000);
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.text).toContain('Not found');
    const future = await answerOf(stack.command({ name: 'wrapped', options: { year: 2100, user: 'wren' }, user: stranger, where: GUILD }), 30_000);
    expect(future.text).toContain('2100 has not happened yet');
  });
});

describe('/wrapped on the HTTP-interactions transport', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ transport: 'http' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('defers at once, privately when asked, then edits the pictures in', async () => {
    const handle = stack.command({ name: 'wrapped', options: { user: 'alice', private: true }, user: newUser('http'), where: GUILD });
    const answer = await cardsOf(handle);
    expect(answer.ephemeral).toBe(true);
    expect(attachmentsOf(answer.message).length).toBeGreaterThanOrEqual(1);
    expect(attachmentsOf(answer.message)[0]?.description).toMatch(/^alice’s \d{4} in anime/);
    expect(handle.errors()).toEqual([]);
  });
});
