// The sandbox's weekly recap: #general has it from the start, and "Next recap now" moves the sandbox's
// clock to just after its time; the recap is posted there once, with its card, for every visitor.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { FEED_CHANNEL_ID } from '../../sandbox/community.js';
import { GUILD_ID } from '../../sandbox/places.js';
import { startSandbox, type Sandbox } from '../../sandbox/start.js';

describe('the sandbox weekly recap', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, transport: 'gateway', log: silentLogger });
  }, 90_000);
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('moves the clock to the next recap with Next recap now, and the recap arrives in #general once', async () => {
    const [recap] = (await sandbox.bot.deps.serverRecaps.channels.server(GUILD_ID)).channels;
    expect(recap?.channelId).toBe(FEED_CHANNEL_ID);
    const before = sandbox.discord.guilds.messagesIn(FEED_CHANNEL_ID).length;
    const press = async (): Promise<{ jumped: boolean; message: string; arrived?: number }> =>
      (await (await fetch(new URL('/api/next-recap', sandbox.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as {
        jumped: boolean;
        message: string;
        arrived?: number;
      };
    const answer = await press();
    expect(answer.jumped).toBe(true);
    expect(answer.message).toContain('The weekly recap arrived in');
    const posts = sandbox.discord.guilds.messagesIn(FEED_CHANNEL_ID).slice(before);
    const recaps = posts.filter((p) => p.content.includes("This server's week"));
    expect(recaps).toHaveLength(1);
    expect(recaps[0]?.attachments).toHaveLength(1);
    expect((await sandbox.bot.deps.serverRecaps.channels.server(GUILD_ID)).channels[0]?.lastPosted).toBeDefined();
  }, 60_000);
});
