// Two bot processes on one PostgreSQL or Redis store (pg-boss, BullMQ) posting the activity feed to
// the fake Discord: members' changes recorded by either process, at once, make one post per member
// and window — counted in the messages the fake Discord accepted.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type RunningBot } from '../../src/app/bot.js';
import { silentLogger } from '../../src/log/log.js';
import { snowflake } from '../../fake-discord/index.js';
import { freePort, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { completed, FakeSocial, started } from '../social/feed-helpers.js';

const ENGINES = engineCases().filter((c) => c.kind === 'postgres' || c.kind === 'redis');

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe.each(ENGINES)('activity feed from two bot processes on $kind', (engine) => {
  let stack: Stack;
  let place: OpenedCase;
  const bots: RunningBot[] = [];
  const GUILD_ID = snowflake();
  const FEED_CHANNEL = snowflake();

  beforeAll(async () => {
    if (engine.skipped) return;
    stack = await startStack();
    stack.discord.guilds.define({ id: GUILD_ID, name: 'club', channels: [{ id: FEED_CHANNEL, name: 'feed' }], roles: [], botRoles: [] });
    place = prepareCase(engine.kind);
    const store = { url: place.url, encryptionKey: randomBytes(32).toString('base64') };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const bot = await startBot({ config: { ...stack.config, store, web: { ...stack.config.web, port } }, log: silentLogger, host: '127.0.0.1', feed: { batchMs: 1500 } });
      await bot.ready;
      bots.push(bot);
    }
  }, 120_000);
  afterAll(async () => {
    for (const bot of bots) await bot.stop();
    await stack?.stop();
    await place?.cleanup();
  });

  it.skipIf(engine.skipped)('changes recorded by both processes make exactly one post per member', async () => {
    const members = [newUser('m'), newUser('m'), newUser('m')];
    const socials = bots.map((bot) => {
      const social = new FakeSocial();
      for (const m of members) social.add(GUILD_ID, m.id);
      bot.deps.feed.attach(social);
      return social;
    });
    await bots[0]?.deps.feed.channels.add(GUILD_ID, { channelId: FEED_CHANNEL, ageRestricted: false });
    const [a, b] = socials;
    if (!a || !b) throw new Error('two processes expected');
    await Promise.all(
      members.flatMap((m, i) => [
        a.emit(m.id, `member${i}`, [started(100 + i, `First ${i}`)]),
        b.emit(m.id, `member${i}`, [completed(200 + i, `Second ${i}`)]),
        b.emit(m.id, `member${i}`, [started(300 + i, `Third ${i}`)]),
      ]),
    );
    const posts = () => stack.discord.guilds.messagesIn(FEED_CHANNEL);
    await until(() => posts().length >= members.length);
    await new Promise((r) => setTimeout(r, 4000));
    expect(posts()).toHaveLength(members.length);
    for (const [i, m] of members.entries()) {
      const mine = posts().filter((p) => textOf(p).includes(`<@${m.id}>`));
      expect(mine).toHaveLength(1);
      for (const title of [`First ${i}`, `Second ${i}`, `Third ${i}`]) expect(textOf(mine[0])).toContain(title);
    }
    const accepted = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages' && c.status === 200);
    expect(accepted).toHaveLength(members.length);
  }, 60_000);
});
