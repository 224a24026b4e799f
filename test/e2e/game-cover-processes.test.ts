// Cover rounds across two real bot processes on one store (SQLite always; PostgreSQL and Redis when their
// test URLs are set) behind a loopback balancer: a round started on either, racing right answers handled
// by both, exactly one winner and one result post per round.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { slashCommand, snowflake, type FakeDiscord, type Where } from '../../fake-discord/index.js';
import { newUser } from '../../local-stack/harness.js';
import type { Balancer } from '../../local-stack/balancer.js';
import { startProcessPair, type ProcessPair } from '../../local-stack/process-pair.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { engineCases } from '../../local-stack/store-engines.js';

const CLIENT_ID = 'games0cover0processes0client0000';
const ENGINES = engineCases().filter((c) => c.shared && !c.skipped);

describe.each(ENGINES)('cover rounds on two processes sharing a $kind store', (engine) => {
  let pair: ProcessPair;
  let discord: FakeDiscord;
  let balancer: Balancer;
  const GUILD_ID = snowflake();
  const owner = newUser('cover-owner');

  beforeAll(async () => {
    pair = await startProcessPair({
      engine: engine.kind,
      clientId: CLIENT_ID,
      applicationId: '1100000000000000043',
      emulator: (publicUrl) => ({ users: [...DEFAULT_USERS], clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }] }),
    });
    ({ discord, balancer } = pair);
  }, 120_000);
  afterAll(async () => {
    await pair?.close();
  });

  const run = (where: Where, subcommand: string, options: Record<string, string | number> = {}, user = owner) =>
    discord.interact(slashCommand({ name: 'game', subcommand, options, user, where }));

  it('three rounds in three channels, each with eight racing right answers: one winner and one result each', async () => {
    const channels = [snowflake(), snowflake(), snowflake()];
    discord.guilds.define({ id: GUILD_ID, name: 'cover race', ownerId: owner.id, channels: channels.map((id, i) => ({ id, name: `race-${i}` })) });
    const where = (channelId: string): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId });
    // The pool is read in the background at start; wait until a round can start.
    const deadline = Date.now() + 40_000;
    for (const channelId of channels) {
      let started = await answerOf(run(where(channelId), 'cover'));
      while (started.text.includes('still getting its titles ready') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        started = await answerOf(run(where(channelId), 'cover'));
      }
      expect(started.text).toContain('cover round starts');
    }
    // Each channel's frame, posted by whichever process ran the job; its alt text names no title.
    const frameOf = async (channelId: string) => {
      while (Date.now() < deadline) {
        const frame = discord.guilds.messagesIn(channelId)[0];
        if (frame) return frame;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no frame was posted');
    };
    for (const channelId of channels) await frameOf(channelId);
    // The right title, as the test reads it from the shared store; eight players send it at once.
    const backends = new Set<number>();
    for (const channelId of channels) {
      const players = Array.from({ length: 8 }, (_, i) => newUser(`racer-${i}`));
      const secretId = await secretOf(channelId);
      const handles = players.map((p) => run(where(channelId), 'answer', { title: `id:${secretId}` }, p));
      const answers = await Promise.all(handles.map((h) => answerOf(h)));
      for (const h of handles) {
        const backend = balancer.backendOf(h.id);
        if (backend !== undefined) backends.add(backend);
      }
      expect(answers.filter((a) => a.text.includes('Right! You won round 1'))).toHaveLength(1);
      expect(answers.filter((a) => a.text.includes('was won by'))).toHaveLength(7);
    }
    // Both processes judged answers.
    expect(backends.size).toBe(2);
    for (const channelId of channels) {
      while (discord.guilds.messagesIn(channelId).length < 2 && Date.now() < deadline + 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
      const results = discord.guilds.messagesIn(channelId).filter((m) => JSON.stringify(m.embeds).includes('named it in'));
      expect(results).toHaveLength(1);
    }
  }, 120_000);

  /** The round's title id, read as a process would: the channel's record in the shared store. */
  async function secretOf(channelId: string): Promise<number> {
    const engineStore = await pair.store.open();
    try {
      const raw = await engineStore.get(`game:cover:${channelId}`);
      return (JSON.parse(raw ?? '{}') as { title: { id: number } }).title.id;
    } finally {
      await engineStore.close();
    }
  }
});
