// The Discord side's narrow parts over a REST client that answers by route (src/discord-api/discord-side.ts):
// a channel post carries its files, its nonce and only the roles chosen; the access check names each
// permission the bot lacks, Attach Files included; the bot's id is read over REST once.

import { PermissionFlagsBits, Routes, type REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ChannelAccessError } from '../../src/discord-api/channel-access.js';
import { openDiscordSide } from '../../src/discord-api/discord-side.js';
import { ENGLISH } from '../../src/i18n/index.js';

const GUILD = '100000000000000001';
const CHANNEL = '200000000000000002';
const BOT = '300000000000000003';
const ROLE = '400000000000000004';

function fakeRest(permissions: bigint): { rest: REST; gets: string[]; posts: Array<{ route: string; options: Record<string, unknown> }> } {
  const gets: string[] = [];
  const posts: Array<{ route: string; options: Record<string, unknown> }> = [];
  const answers: Record<string, unknown> = {
    [Routes.user('@me')]: { id: BOT },
    [Routes.guildMember(GUILD, BOT)]: { roles: [ROLE] },
    [Routes.guildRoles(GUILD)]: [
      { id: GUILD, permissions: String(permissions) },
      { id: ROLE, permissions: '0', mentionable: true },
    ],
    [Routes.channel(CHANNEL)]: { id: CHANNEL, guild_id: GUILD, type: 0, permission_overwrites: [] },
  };
  const rest = {
    get: (route: string) => {
      gets.push(route);
      return route in answers ? Promise.resolve(answers[route]) : Promise.reject(new Error(`unexpected GET ${route}`));
    },
    post: (route: string, options: Record<string, unknown>) => {
      posts.push({ route, options });
      return Promise.resolve({ id: '500000000000000005' });
    },
  } as unknown as REST;
  return { rest, gets, posts };
}

describe('the Discord side', () => {
  it('posts a message with its picture, a nonce Discord enforces and only the chosen role allowed', async () => {
    const { rest, posts } = fakeRest(0n);
    const discord = openDiscordSide({ rest });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const sent = await discord.channels.post(CHANNEL, {
      message: { content: 'recap', embeds: [{ image: { url: 'attachment://recap.png' } }], uploads: [{ name: 'recap.png', data: png, contentType: 'image/png', description: 'the year' }] },
      nonce: 'recap-1',
      roleIds: [ROLE],
    });
    expect(sent).toEqual({ id: '500000000000000005' });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.route).toBe(Routes.channelMessages(CHANNEL));
    expect(posts[0]?.options.body).toEqual({
      nonce: 'recap-1',
      enforce_nonce: true,
      content: 'recap',
      embeds: [{ image: { url: 'attachment://recap.png' } }],
      components: [],
      allowed_mentions: { parse: [], roles: [ROLE] },
      attachments: [{ id: 0, filename: 'recap.png', description: 'the year' }],
    });
    expect(posts[0]?.options.files).toEqual([{ name: 'recap.png', data: png, contentType: 'image/png' }]);
  });

  it('names the permissions the bot lacks in a channel, and passes when it has them all', async () => {
    const some = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks;
    const { rest, gets } = fakeRest(some);
    const discord = openDiscordSide({ rest });
    const refused = await discord.access.check(GUILD, CHANNEL, { needs: ['viewChannel', 'sendMessages', 'embedLinks', 'attachFiles'] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChannelAccessError);
    expect((refused as ChannelAccessError).told(ENGLISH)).toContain('Attach Files');
    expect((refused as ChannelAccessError).told(ENGLISH)).not.toContain('Embed Links');
    await expect(discord.access.check(GUILD, CHANNEL, { needs: ['viewChannel', 'sendMessages', 'embedLinks'], roleId: ROLE })).resolves.toMatchObject({ nsfw: false });
    // The bot's id was read over REST once, then remembered.
    expect(gets.filter((route) => route === Routes.user('@me'))).toHaveLength(1);
    expect(await discord.botId()).toBe(BOT);
  });

  it("takes the bot's id from the gateway session when it has one, and says whether a session is connected", async () => {
    const { rest, gets } = fakeRest(0n);
    let connected = false;
    const discord = openDiscordSide({ rest, knownBotId: () => BOT, gatewayConnected: () => connected });
    expect(await discord.botId()).toBe(BOT);
    expect(gets).toEqual([]);
    expect(discord.gatewayConnected()).toBe(false);
    connected = true;
    expect(discord.gatewayConnected()).toBe(true);
    expect(openDiscordSide({ rest }).gatewayConnected()).toBe(false);
  });
});
