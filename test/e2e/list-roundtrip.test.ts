// Export and import round-trip end to end, on each shared store (SQLite, PostgreSQL, Redis): a list of
// a few hundred entries of each kind, its writable fields all in use (status, score, progress, priority,
// tags, comments, rewatching/rereading, times and value), exported with /list … export, imported with
// /list … import (overwrite) into an empty account: the two lists then hold the same entries with the
// same value in every writable field, one write per entry. On SQLite the person's Discord is in German:
// the preview, the progress and the report are German.

import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { buttonClick, type RecordedMessage } from '../../fake-discord/index.js';
import { GUILD, componentId, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { answerOf, listWrites, serviceGet } from '../../local-stack/user-helpers.js';
import { attachmentsOf } from './picture-helpers.js';

const SOURCE = { name: 'rosa', password: 'rosa-password', lists: { anime: 300, manga: 200 } };
const TARGET = { name: 'dora', password: 'dora-password' };
const ENGINES = engineCases().filter((c) => c.kind !== 'memory');

const FIELDS = {
  anime: ['status', 'score', 'num_episodes_watched', 'is_rewatching', 'num_times_rewatched', 'rewatch_value', 'priority', 'tags', 'comments'],
  manga: ['status', 'score', 'num_volumes_read', 'num_chapters_read', 'is_rereading', 'num_times_reread', 'reread_value', 'priority', 'tags', 'comments'],
} as const;

type Kind = keyof typeof FIELDS;

/** The account's whole list: id → its writable fields. */
async function listOf(stack: Stack, account: string, kind: Kind): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  for (let offset = 0; ; offset += 1000) {
    const page = await serviceGet(stack, account, `/users/@me/${kind}list?limit=1000&offset=${offset}&nsfw=true&fields=list_status{${FIELDS[kind].join(',')}}`);
    const rows = page.data as Array<{ node: { id: number }; list_status: Record<string, unknown> }>;
    for (const row of rows) out.set(row.node.id, Object.fromEntries(FIELDS[kind].map((f) => [f, row.list_status[f]])));
    if (rows.length < 1000) return out;
  }
}

/** A change to an entry as the account itself makes it on the site (a token the emulator issues). */
async function setEntry(stack: Stack, account: string, kind: Kind, id: number, fields: Record<string, string>): Promise<void> {
  const { access_token: token } = stack.emulator.issueTokensFor(account);
  const res = await fetch(`${stack.emulator.url}/v2/${kind}/${id}/my_list_status`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  if (!res.ok) throw new Error(`emulator PATCH ${kind} ${id}: ${res.status} ${await res.text()}`);
}

async function until<T>(what: string, read: () => T | undefined, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function fileOf(message: RecordedMessage): Promise<{ filename: string; bytes: Buffer }> {
  const [file] = attachmentsOf(message) as unknown as Array<{ filename: string; url: string }>;
  if (!file) throw new Error('no attachment');
  return { filename: file.filename, bytes: Buffer.from(await (await fetch(file.url)).arrayBuffer()) };
}

describe.each(ENGINES)('export → import round trip on $kind', (engine) => {
  let stack: Stack;
  let place: OpenedCase | undefined;
  const german = engine.kind === 'sqlite';
  const locale = german ? 'de' : 'en-US';

  beforeAll(async () => {
    if (engine.skipped) return;
    place = prepareCase(engine.kind);
    stack = await startStack({ storeUrl: place.url, emulator: { users: [...DEFAULT_USERS, SOURCE, TARGET], catalogue: { size: 1200 } } });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await place?.cleanup();
  }, 60_000);

  it.skipIf(engine.skipped)('the imported lists match the exported ones in every writable field', { timeout: 240_000 }, async () => {
    const owner = newUser('rosa');
    const importer = newUser('dora');
    await stack.login(owner, SOURCE);
    await stack.login(importer, TARGET);
    for (const kind of ['anime', 'manga'] as const) {
      // The seeded lists reread nothing: a few entries are set rereading (and rewatching) as the site would.
      const flag = kind === 'anime' ? 'is_rewatching' : 'is_rereading';
      for (const id of [...(await listOf(stack, 'rosa', kind)).keys()].slice(0, 5)) await setEntry(stack, 'rosa', kind, id, { [flag]: 'true' });
      const source = await listOf(stack, 'rosa', kind);
      expect(source.size).toBe(SOURCE.lists[kind]);
      // Every writable field is in use somewhere on the list (not only its default).
      for (const field of FIELDS[kind]) {
        const used = [...source.values()].some((e) => { const v = e[field]; return Array.isArray(v) ? v.length > 0 : v !== 0 && v !== false && v !== '' && v !== undefined; });
        expect(used, `${kind} ${field} in use`).toBe(true);
      }
      expect(await listOf(stack, 'dora', kind)).toEqual(new Map());

      const exported = stack.command({ name: 'list', subcommandGroup: kind, subcommand: 'export', user: owner, where: GUILD });
      const file = await fileOf(await exported.waitForOriginal((m) => attachmentsOf(m).length > 0, 60_000));
      const xml = file.filename.endsWith('.gz') ? gunzipSync(file.bytes) : file.bytes;
      expect(xml.toString('utf8').match(new RegExp(`<${kind}>`, 'g'))).toHaveLength(source.size);

      const writesBefore = listWrites(stack);
      const dmsBefore = stack.discord.dms.messagesTo(importer.id).length;
      const preview = await answerOf(
        stack.command({ name: 'list', subcommandGroup: kind, subcommand: 'import', options: { file: stack.discord.upload(file.filename, file.bytes), mode: 'overwrite' }, user: importer, where: GUILD, locale }),
        30_000,
      );
      expect(preview.text).toContain(german ? `Gelesene Einträge: ${source.size}` : `Entries read: ${source.size}`);
      expect(preview.text).toContain(german ? `Würden hinzugefügt: ${source.size}` : `Would be added: ${source.size}`);
      expect(listWrites(stack)).toBe(writesBefore);
      const click = stack.discord.interact(buttonClick({ message: preview.message, customId: componentId(preview.message, german ? 'Importieren' : 'Import'), user: importer, where: GUILD, locale }));
      expect(textOf(await click.settled(15_000))).toContain(german ? 'Import gestartet' : 'Import started');
      const finished = german ? 'Import abgeschlossen' : 'Import finished';
      const report = await until('the report', () => stack.discord.dms.messagesTo(importer.id).slice(dmsBefore).find((m) => textOf(m).includes(finished)));
      expect(textOf(report)).toContain(german ? `${source.size} von ${source.size} geschrieben, 0 fehlgeschlagen` : `${source.size} of ${source.size} written, 0 failed`);
      // One write per entry, and the lists match in every writable field.
      expect(listWrites(stack) - writesBefore).toBe(source.size);
      expect(stack.emulator.writes.of('dora')).toMatchObject({ delete: 0 });
      const imported = await listOf(stack, 'dora', kind);
      expect(imported).toEqual(source);
    }
  });
});
