// Two bot processes on one PostgreSQL or Redis store (pg-boss, BullMQ) posting the activity feed to
// the fake Discord: joined members' list changes made through either process, at once, make one post
// per member and window — counted in the messages the fake Discord accepted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/app/bot.js';
import { snowflake } from '../../fake-discord/index.js';
import { newUser, startReplica, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import type { MirrorEntry } from '../../src/community/types.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

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
  let replica: RunningBot | undefined;
  const GUILD_ID = snowflake();
  const FEED_CHANNEL = snowflake();
  const members = [newUser('alice'), newUser('bob'), newUser('carol')];

  beforeAll(async () => {
    if (engine.skipped) return;
    place = prepareCase(engine.kind);
    stack = await startStack({ storeUrl: place.url, bot: { feed: { batchMs: 1500 } } });
    replica = await startReplica(stack, { feed: { batchMs: 1500 } });
    stack.discord.guilds.define({ id: GUILD_ID, name: 'club', channels: [{ id: FEED_CHANNEL, name: 'feed' }], roles: [], botRoles: [] });
    for (const [i, m] of members.entries()) {
      const name = ['alice', 'bob', 'carol'][i] ?? '';
      await stack.login(m, { name, password: `${name}-password` });
      // Joined directly: both processes hold a gateway session of the fake Discord, which hands a command to each.
      expect(await stack.bot.deps.social.join(GUILD_ID, m.id)).toMatchObject({ ok: true, alreadyMember: false });
    }
  }, 120_000);
  afterAll(async () => {
    await replica?.stop();
    await stack?.stop();
    await place?.cleanup();
  });

  it.skipIf(engine.skipped)('list changes made through both processes make exactly one post per member', async () => {
    const bots = [stack.bot, replica] as RunningBot[];
    await stack.bot.deps.feed.channels.add(GUILD_ID, { channelId: FEED_CHANNEL, ageRestricted: false });
    const entry = (id: number, title: string, over: Partial<MirrorEntry> = {}): MirrorEntry => ({
      id, title, status: 'watching', score: 0, progress: 1, total: 12, episodeSeconds: 1440, nsfw: false, updatedAt: Date.now(), ...over,
    });
    await Promise.all(
      members.flatMap((m, i) => [
        bots[0]?.deps.social.listChanged(m.id, 'anime', 91_000 + i, entry(91_000 + i, `First ${i}`)),
        bots[1]?.deps.social.listChanged(m.id, 'anime', 92_000 + i, entry(92_000 + i, `Second ${i}`, { status: 'completed', progress: 12, score: 8 })),
        bots[1]?.deps.social.listChanged(m.id, 'anime', 93_000 + i, entry(93_000 + i, `Third ${i}`)),
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
