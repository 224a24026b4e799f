// /list anime|manga export end to end against the emulator and the fake Discord: a 2 500-entry list is
// read in three list reads of 1000 (no other request reaches the service), sent privately as a gzipped
// file the fake Discord serves back as Discord does; a small public list of someone else comes as
// plain XML with its titles not safe for work; your own list without a login tells you to /login.

import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import type { RecordedMessage } from '../../fake-discord/index.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { expectToldToLogin, serviceGet } from '../../local-stack/user-helpers.js';
import { attachmentsOf } from './picture-helpers.js';

const ERIN = { name: 'erin', password: 'erin-password', lists: { anime: 2500, manga: 12 } };

interface ServedFile {
  filename: string;
  contentType: string | null;
  bytes: Buffer;
}

/** The message's one attachment, fetched from its (signed, expiring) URL as a client would. */
async function servedFile(message: RecordedMessage): Promise<ServedFile> {
  const [file] = attachmentsOf(message) as Array<{ filename: string; url: string; size: number }>;
  if (!file) throw new Error('no attachment');
  expect(file.url).toMatch(/\?ex=[0-9a-f]+&is=[0-9a-f]+&hm=[0-9a-f]+&$/);
  const res = await fetch(file.url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(file.size);
  return { filename: file.filename, contentType: res.headers.get('content-type'), bytes };
}

describe('/list … export end to end', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, ERIN], catalogue: { size: 2700 } } });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const listReads = (since: number) => stack.emulator.requestLog.slice(since).filter((r) => /\/users\/[^/]+\/(anime|manga)list$/.test(r.path));

  it('exports a 2 500-entry list in three list reads, privately, gzipped, every entry with its comments and tags', async () => {
    const user = newUser('erin');
    await stack.login(user, ERIN);
    const before = stack.emulator.requestLog.length;
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'export', user, where: GUILD });
    const message = await handle.waitForOriginal((m) => attachmentsOf(m).length > 0, 60_000);
    expect(handle.ephemeral()).toBe(true);
    expect(handle.errors()).toEqual([]);
    expect(textOf(message)).toContain('Your anime list: all 2,500 entries in the attached file (gzipped');

    const since = stack.emulator.requestLog.slice(before);
    expect(since.every((r) => r.path === '/v2/users/@me/animelist')).toBe(true);
    expect(listReads(before).map((r) => [r.query.limit, r.query.offset, r.query.nsfw])).toEqual([
      ['1000', '0', 'true'],
      ['1000', '1000', 'true'],
      ['1000', '2000', 'true'],
    ]);
    expect(stack.emulator.writes.of('erin')).toMatchObject({ put: 0, delete: 0 });

    const file = await servedFile(message);
    expect(file.filename).toBe('animelist-erin.xml.gz');
    expect(file.contentType).toBe('application/gzip');
    const xml = gunzipSync(file.bytes).toString('utf8');
    expect(xml.match(/<anime>/g)).toHaveLength(2500);
    expect(xml).toContain('<user_name>erin</user_name>');
    expect(xml).toContain('<user_total_anime>2500</user_total_anime>');
    const ids = new Set([...xml.matchAll(/<series_animedb_id>(\d+)<\/series_animedb_id>/g)].map((m) => Number(m[1])));
    expect(ids.size).toBe(2500);

    // The entries as the service holds them: comments and tags included (the owner's export).
    const page = await serviceGet(stack, 'erin', '/users/@me/animelist?limit=1000&nsfw=true&fields=list_status{comments,tags,status}');
    const rows = page.data as Array<{ node: { id: number }; list_status: { comments: string; tags: string[]; status: string } }>;
    const commented = rows.find((r) => r.list_status.comments !== '' && r.list_status.tags.length > 0);
    expect(commented).toBeDefined();
    const entry = new RegExp(`<series_animedb_id>${commented?.node.id}</series_animedb_id>[\\s\\S]*?</anime>`).exec(xml)?.[0] ?? '';
    expect(entry).toContain(`<my_comments><![CDATA[${commented?.list_status.comments}]]></my_comments>`);
    expect(entry).toContain(`<my_tags><![CDATA[${commented?.list_status.tags.join(',')}]]></my_tags>`);
  }, 90_000);

  it("exports someone's public manga list as plain XML with every title, those not safe for work included", async () => {
    const viewer = newUser('viewer');
    const before = stack.emulator.requestLog.length;
    const handle = stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'export', options: { user: 'alice' }, user: viewer, where: GUILD });
    const message = await handle.waitForOriginal((m) => attachmentsOf(m).length > 0, 30_000);
    expect(handle.ephemeral()).toBe(true);
    expect(listReads(before)).toHaveLength(1);
    const file = await servedFile(message);
    expect(file.filename).toBe('mangalist-alice.xml');
    expect(file.contentType).toBe('application/xml');
    const xml = file.bytes.toString('utf8');
    const all = await serviceGet(stack, 'alice', '/users/alice/mangalist?limit=1000&nsfw=true&fields=nsfw');
    const rows = all.data as Array<{ node: { id: number; nsfw?: string } }>;
    expect(rows.some((r) => r.node.nsfw !== 'white')).toBe(true);
    expect(xml.match(/<manga>/g)).toHaveLength(rows.length);
    for (const row of rows) expect(xml).toContain(`<manga_mangadb_id>${row.node.id}</manga_mangadb_id>`);
    expect(xml).toContain('<user_export_type>2</user_export_type>');
    expect(textOf(message)).toContain(`alice's manga list: all ${rows.length} entries in the attached file.`);
  }, 60_000);

  it('two exports by one person run one after the other: both get their file', async () => {
    const user = newUser('erin');
    await stack.login(user, ERIN);
    const before = stack.emulator.requestLog.length;
    const run = () => stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'export', user, where: GUILD });
    const [first, second] = [run(), run()];
    const answers = await Promise.all([first, second].map((h) => h.waitForOriginal((m) => attachmentsOf(m).length > 0, 30_000)));
    for (const m of answers) expect(attachmentsOf(m)[0]?.filename).toBe('mangalist-erin.xml');
    expect(listReads(before)).toHaveLength(2);
  }, 60_000);

  it('your own list without a login: told to /login, nothing read', async () => {
    const before = stack.emulator.requestLog.length;
    await expectToldToLogin(stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'export', user: newUser('nobody'), where: GUILD }));
    expect(listReads(before)).toHaveLength(0);
  });
});

describe('/list … export over the HTTP transport', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ transport: 'http' });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('defers (HTTP’s first answer cannot carry files), then edits in the file', async () => {
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'export', options: { user: 'bob' }, user: newUser('viewer'), where: GUILD });
    expect((await handle.firstResponse()).type).toBe(5);
    const message = await handle.waitForOriginal((m) => attachmentsOf(m).length > 0, 30_000);
    expect(handle.ephemeral()).toBe(true);
    const file = await servedFile(message);
    expect(file.filename).toBe('animelist-bob.xml');
    expect(file.bytes.toString('utf8')).toContain('<user_name>bob</user_name>');
  }, 60_000);
});

describe('/list … export past its deadline', () => {
  let stack: Stack;
  const SLOW = { name: 'sloane', password: 'sloane-password', lists: { anime: 2500, manga: 0 } };

  beforeAll(async () => {
    // A long command's deadline shortened to 1.5 s, and a service that takes 1 s per request: the second page cannot come in time.
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, SLOW], catalogue: { size: 2700 } }, bot: { router: { longCommandBudgetMs: 1_500 } } });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('ends with a clear answer, privately, and no file', async () => {
    const user = newUser('sloane');
    await stack.login(user, SLOW);
    stack.emulator.faults.delayMs = 1_000;
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'export', user, where: GUILD });
    const message = await handle.waitForOriginal((m) => textOf(m).includes('The service is slow'), 20_000);
    expect(handle.ephemeral()).toBe(true);
    expect(attachmentsOf(message)).toEqual([]);
    stack.emulator.faults.delayMs = 0;
  }, 60_000);
});
