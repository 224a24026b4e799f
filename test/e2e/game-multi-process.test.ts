// The daily puzzle across two real bot processes on one store (SQLite always; PostgreSQL and Redis when
// their test URLs are set) behind a loopback balancer: the pool read once for the deployment, and one
// secret per kind and day — the same guess gets the same row of clues from either process.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS, type Emulator } from '../../emulator/server.js';
import { autocomplete, slashCommand, type FakeDiscord, type InteractionHandle } from '../../fake-discord/index.js';
import { GUILD, newUser } from '../../local-stack/harness.js';
import type { Balancer } from '../../local-stack/balancer.js';
import { startProcessPair, type ProcessPair } from '../../local-stack/process-pair.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { engineCases } from '../../local-stack/store-engines.js';

const CLIENT_ID = 'games0multi0process0client000000';
const ENGINES = engineCases().filter((c) => c.shared && !c.skipped);

describe.each(ENGINES)('the daily puzzle on two processes sharing a $kind store', (engine) => {
  let pair: ProcessPair;
  let emulator: Emulator;
  let discord: FakeDiscord;
  let balancer: Balancer;

  beforeAll(async () => {
    pair = await startProcessPair({
      engine: engine.kind,
      clientId: CLIENT_ID,
      applicationId: '1100000000000000041',
      emulator: (publicUrl) => ({ users: [...DEFAULT_USERS], clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }] }),
    });
    ({ emulator, discord, balancer } = pair);
  }, 120_000);
  afterAll(async () => {
    await pair?.close();
  });

  const game = (options: Record<string, string>, subcommand = 'guess'): InteractionHandle =>
    discord.interact(slashCommand({ name: 'game', subcommand, options, user: newUser('mp-player'), where: GUILD }));

  it('reads the pool once for both, and answers the same guess with the same clues on either process', async () => {
    const deadline = Date.now() + 30_000;
    let daily = await answerOf(game({}, 'daily'));
    while (daily.text.includes('still getting its titles ready') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      daily = await answerOf(game({}, 'daily'));
    }
    expect(daily.text).toContain('Daily anime puzzle');
    expect(emulator.requestLog.filter((r) => r.path === '/v2/anime/ranking')).toHaveLength(1);

    // A title of the pool (the first suggestion), guessed by new players until both processes answered some: one secret, one row of clues.
    const choices = await discord.interact(autocomplete({ name: 'game', subcommand: 'guess', focused: 'title', value: '', user: newUser('mp-player'), where: GUILD })).autocompleteChoices();
    const title = String(choices[0]?.value ?? '');
    expect(title).toMatch(/^id:\d+$/);
    const rows = new Map<number, Set<string>>();
    for (let i = 0; i < 12 && rows.size < 2; i++) {
      const handle = game({ title });
      const answer = await answerOf(handle);
      const backend = balancer.backendOf(handle.id);
      expect(answer.text).toMatch(/Guess 1 of 8|Solved in 1 guess/);
      if (backend === undefined) continue;
      rows.set(backend, (rows.get(backend) ?? new Set()).add(answer.text.replace(/\d+ guesses? left\./, '')));
    }
    expect(rows.size).toBe(2);
    const texts = new Set([...rows.values()].flatMap((s) => [...s]));
    expect(texts.size).toBe(1);
  }, 90_000);
});
