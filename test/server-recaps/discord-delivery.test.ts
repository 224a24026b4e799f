// The weekly recap's way to Discord: a refused post is `refused` (the channel pauses), and the pause
// notice goes to the server's owner by DM, in the server's language (the Discord side sends every
// message with no one to ping: src/discord-api/message-body.ts).

import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { ChannelAccessCheck, ChannelPoster, DirectMessages, Guilds, OutgoingMessage } from '../../src/discord-api/discord-side.js';
import { finalizeMessage } from '../../src/render/limits.js';
import { recapPausedNotice } from '../../src/render/recap-channels.js';
import { serverRecapDiscord } from '../../src/server-recaps/discord-delivery.js';
import type { RecapPost } from '../../src/server-recaps/server-recaps.js';

const unused = (): never => {
  throw new Error('not used here');
};

function fakeDiscord(owner: { ownerId: string; name: string | undefined } | undefined) {
  const dms: Array<{ userId: string; message: OutgoingMessage }> = [];
  const channels: ChannelPoster = {
    post: () => Promise.reject(new DiscordAPIError({ code: 50013, message: 'Missing Permissions' }, 50013, 403, 'POST', '/channels/1/messages', {})),
    edit: unused,
    delete: unused,
    startThread: unused,
  };
  const access: ChannelAccessCheck = { check: unused };
  const guilds: Guilds = { owner: () => Promise.resolve(owner) };
  const directMessages: DirectMessages = {
    channelFor: unused,
    send: (userId, post) => (dms.push({ userId, message: post.message }), Promise.resolve({ channelId: 'dm', id: 'm' })),
  };
  return { dms, side: { channels, access, guilds, directMessages } };
}

const rendering = {
  post: () => Promise.resolve(finalizeMessage({ content: 'the week' })),
  paused: (locale: Parameters<typeof recapPausedNotice>[0], guildName: string | undefined, channelId: string, reason: string) => finalizeMessage(recapPausedNotice(locale, guildName, channelId, reason)),
};

describe("the weekly recap's Discord delivery", () => {
  it('reads a 403 as refused, and tells the owner in the server’s language', async () => {
    const { dms, side } = fakeDiscord({ ownerId: '900000000000000001', name: 'Café *Anime*' });
    const recap = serverRecapDiscord(side, rendering);
    const result = await recap.deliver({ channel: { channelId: '1' }, nonce: 'n' } as RecapPost);
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
    await recap.pauseNotice?.('100000000000000001', '1', result.ok ? '' : result.detail, 'de');
    expect(dms).toHaveLength(1);
    const text = dms[0]?.message.embeds?.[0]?.description ?? '';
    expect(dms[0]?.userId).toBe('900000000000000001');
    expect(text).toContain('Café \\*Anime\\*');
    expect(text).toContain('<#1>');
    expect(text).toContain('Missing Permissions');
    expect(dms[0]?.message.embeds?.[0]?.title).toBe('Wochenrückblick in einem Kanal pausiert');
  });

  it('says nothing when Discord names no owner', async () => {
    const { dms, side } = fakeDiscord(undefined);
    await serverRecapDiscord(side, rendering).pauseNotice?.('100000000000000001', '1', 'gone', undefined);
    expect(dms).toEqual([]);
  });
});
