// A list import through a SIGKILL, per shared store and its job engine (SQLite with the in-process
// engine, PostgreSQL with pg-boss, Redis with BullMQ): a real bot process (HTTP transport) takes the
// import of a 300-entry file, is killed with SIGKILL mid-way, and a new process on the same store goes
// on where it stopped once the dead run's lease ends. Afterwards the emulator's write log shows every
// planned entry written, none twice with other values, nothing beyond a write or two done again, and
// one report came by DM.

import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineKind } from '../../src/store/engine.js';
import { DEFAULT_USERS, startEmulator, type Emulator } from '../../emulator/server.js';
import { loginAsPerson } from '../../emulator/login.js';
import { buttonClick, slashCommand, startFakeDiscord, type FakeDiscord, type Who } from '../../fake-discord/index.js';
import { botEnv, spawnBot, waitFor, waitReady, type BotRun } from '../../local-stack/bot-process.js';
import { freePort } from '../../local-stack/free-port.js';
import { CLIENT_ID, DM, GUILD, componentId, loginUrlOf, newUser, textOf } from '../../local-stack/harness.js';
import { engineCases, prepareCase } from '../../local-stack/store-engines.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { registerCommands } from '../../src/app/register-commands.js';

const ACCOUNT = { name: 'kira', password: 'kira-password' };
const ENTRIES = 300;
const STATUSES = ['Watching', 'Completed', 'On-Hold', 'Dropped', 'Plan to Watch'];

/** An export file of `ids`, each entry with its own values. */
function fileOf(ids: readonly number[]): string {
  const entries = ids.map(
    (id, i) =>
      `<anime><series_animedb_id>${id}</series_animedb_id><series_title><![CDATA[T${id}]]></series_title><my_status>${STATUSES[i % 5]}</my_status>` +
      `<my_score>${i % 11}</my_score><my_watched_episodes>${i % 7}</my_watched_episodes><my_priority>${['LOW', 'MEDIUM', 'HIGH'][i % 3]}</my_priority>` +
      `<my_tags><![CDATA[t${i % 4},crash]]></my_tags><my_comments><![CDATA[entry ${i}]]></my_comments><my_times_watched>${i % 3}</my_times_watched></anime>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist>\n${entries.join('\n')}\n</myanimelist>\n`;
}

async function link(discord: FakeDiscord, publicUrl: string, user: Who): Promise<void> {
  const handle = discord.interact(slashCommand({ name: 'login', user, where: DM }));
  const redirect = await loginAsPerson(loginUrlOf(await handle.settled(20_000)), ACCOUNT);
  const page = await (await fetch(`${publicUrl}${redirect.pathname}${redirect.search}`)).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error(`no confirmation form: ${page.slice(0, 200)}`);
  const confirmed = await fetch(`${publicUrl}/oauth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action: 'confirm' }).toString(),
  });
  if (confirmed.status !== 200) throw new Error(`confirmation answered ${confirmed.status}`);
}

/** The case on one engine (a file per engine, so the three run side by side on separate workers). */
export function describeImportCrash(kind: Exclude<EngineKind, 'memory'>): void {
  const engineCase = engineCases().find((c) => c.kind === kind);
  if (!engineCase) throw new Error(`no engine case ${kind}`);
  describe(`a list import through a SIGKILL on ${kind}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
    }, 60_000);

    it.skipIf(engineCase.skipped)('resumes in a new process where it stopped; no entry written twice with other values; one report', async () => {
      const place = prepareCase(engineCase.kind);
      cleanups.push(() => place.cleanup());
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const emulator: Emulator = await startEmulator({ users: [...DEFAULT_USERS, ACCOUNT], clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }] });
      cleanups.push(() => emulator.close());
      const discord = await startFakeDiscord({ applicationId: '1100000000000000032' });
      cleanups.push(() => discord.close());
      await registerCommands({ token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl });
      const env = botEnv({
        discord,
        emulator,
        clientId: CLIENT_ID,
        port,
        storeUrl: place.url,
        encryptionKey: randomBytes(32).toString('base64'),
        transport: 'http',
        // The import's writes at 40 a second: a few seconds of work, killed a second or two in.
        extra: { SERVICE_REQUESTS_PER_SECOND: '40', ATTACHMENT_HOSTS: new URL(discord.cdnUrl).origin, REMINDER_LEASE_SECONDS: '10', IMPORT_SLICE_SECONDS: '4', LOG_LEVEL: 'warn' },
      });
      let run: BotRun = spawnBot(env);
      cleanups.push(async () => run.child.kill('SIGKILL'));
      await waitReady(run, port, 90_000);
      await discord.setInteractionsEndpoint(`${publicUrl}/interactions`);

      const user = newUser('kira');
      await link(discord, publicUrl, user);
      const { access_token: token } = emulator.issueTokensFor('alice');
      const ranking = (await (await fetch(`${emulator.url}/v2/anime/ranking?ranking_type=all&limit=500`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Array<{ node: { id: number } }> };
      const ids = ranking.data.map((r) => r.node.id).slice(0, ENTRIES);
      expect(ids).toHaveLength(ENTRIES);

      const preview = await answerOf(
        discord.interact(slashCommand({ name: 'list', subcommandGroup: 'anime', subcommand: 'import', options: { file: discord.upload('animelist.xml', Buffer.from(fileOf(ids))) }, user, where: GUILD })),
        30_000,
      );
      expect(preview.text).toContain(`Would be added: ${ENTRIES}`);
      await discord.interact(buttonClick({ message: preview.message, customId: componentId(preview.message, 'Import'), user, where: GUILD })).settled(20_000);

      const log = () => emulator.writes.log(ACCOUNT.name);
      await waitFor(() => log().length >= 40, 60_000, () => `40 writes (${log().length})`);
      run.child.kill('SIGKILL');
      await run.exited;
      const atKill = log().length;
      expect(atKill).toBeLessThan(ENTRIES);

      run = spawnBot(env);
      await waitReady(run, port, 90_000);
      // The dead run's job comes back once its lease ends (10 s: the job lease, longer than twice the import's 4 s
      // slice; BullMQ's stalled-job check may take up to twice that), then the rest is written.
      const reportOf = () => discord.dms.messagesTo(user.id).find((m) => textOf(m).includes('Import finished'));
      await waitFor(() => reportOf() !== undefined, 240_000, () => `the report (${log().length} writes so far; output: ${run.output().slice(-2000)})`);
      expect(textOf(reportOf())).toContain(`${ENTRIES} of ${ENTRIES} written, 0 failed`);

      const byId = new Map<number, string[]>();
      for (const w of log()) byId.set(w.id, [...(byId.get(w.id) ?? []), JSON.stringify(w.fields)]);
      expect([...byId.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      const different = [...byId].filter(([, values]) => new Set(values).size > 1);
      expect(different).toEqual([]);
      // Written again at most what was in flight when the process died.
      expect(log().length - ENTRIES).toBeLessThanOrEqual(2);
      console.log(`[import crash ${engineCase.kind}] ${atKill} writes before the SIGKILL, ${log().length} in all for ${ENTRIES} entries`);
      expect(discord.dms.messagesTo(user.id).filter((m) => textOf(m).includes('Import finished'))).toHaveLength(1);
    }, 420_000);
  });
}
