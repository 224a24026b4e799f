// The bot's Discord REST uploads files whichever undici installed the process's global dispatcher:
// here the bot's own undici 7 is made the global dispatcher first (as when a module importing it loads
// before discord.js), and a post with a picture still reaches Discord with its attachment.

import { createCanvas } from '@napi-rs/canvas';
import { Routes } from 'discord.js';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { beforeEach, describe, expect, it } from 'vitest';
import { botRest } from '../../src/discord-api/application.js';
import { discordRestAgent } from '../../src/discord-api/rest-agent.js';
import { createDiscordClient } from '../../src/transport/gateway-client.js';
import { C_GENERAL, useModelledGuilds } from '../fake-discord/guild-model.js';

const guilds = useModelledGuilds();

function png(): Buffer {
  const canvas = createCanvas(20, 30);
  canvas.getContext('2d').fillRect(0, 0, 20, 30);
  return canvas.toBuffer('image/png');
}

const withFile = () => ({
  body: { embeds: [{ image: { url: 'attachment://card.png' } }], attachments: [{ id: 0, filename: 'card.png', description: 'a card' }], allowed_mentions: { parse: [] } },
  files: [{ name: 'card.png', data: png(), contentType: 'image/png' }],
});

/** Runs `body` with undici 7's Agent as the global dispatcher, then puts the previous one back. */
async function underUndici7<T>(body: () => Promise<T>): Promise<T> {
  const before = getGlobalDispatcher();
  const foreign = new Agent();
  setGlobalDispatcher(foreign);
  try {
    return await body();
  } finally {
    setGlobalDispatcher(before);
    await foreign.close();
  }
}

describe("the bot's Discord REST agent", () => {
  beforeEach(() => guilds.defineAll());

  it('posts a file with the start-up REST while undici 7 is the global dispatcher', async () => {
    const rest = botRest({ apiUrl: guilds.fake.apiUrl, token: guilds.fake.botToken });
    const posted = (await underUndici7(() => rest.post(Routes.channelMessages(C_GENERAL), withFile()))) as { attachments: Array<{ filename: string; description?: string }> };
    expect(posted.attachments).toEqual([expect.objectContaining({ filename: 'card.png', description: 'a card' })]);
  });

  it("posts a file with the gateway client's REST too, through one agent per process", async () => {
    const client = createDiscordClient(guilds.fake.apiUrl);
    client.rest.setToken(guilds.fake.botToken);
    try {
      const posted = (await underUndici7(() => client.rest.post(Routes.channelMessages(C_GENERAL), withFile()))) as { attachments: unknown[] };
      expect(posted.attachments).toHaveLength(1);
      expect(discordRestAgent()).toBe(discordRestAgent());
    } finally {
      await client.destroy();
    }
  });
});
