// The fake Discord's edits of the bot's own channel messages (PATCH /channels/:c/messages/:m) with
// files, as Discord does them: a post keeps its uploads as attachments; an edit's `attachments` is the
// whole new list (a new upload replaces the old one, a listed id keeps its file, an edit without the
// field keeps them all); unknown message 10008, another author's 50005, no ATTACH_FILES for a new upload 50013.

import { createCanvas } from '@napi-rs/canvas';
import { Routes, PermissionFlagsBits as P } from 'discord.js';
import { beforeEach, describe, expect, test } from 'vitest';
import { C_GENERAL, C_HIDDEN, R_BOT, useModelledGuilds } from './guild-model.js';

const guilds = useModelledGuilds();

function png(shade: number): Buffer {
  const canvas = createCanvas(36, 50);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${shade}, ${shade}, ${shade})`;
  ctx.fillRect(0, 0, 36, 50);
  return canvas.toBuffer('image/png');
}

const withFile = (shade: number, description: string) => ({
  body: { embeds: [{ title: `frame ${shade}`, image: { url: 'attachment://cover-round.png' } }], attachments: [{ id: 0, filename: 'cover-round.png', description }], allowed_mentions: { parse: [] } },
  files: [{ name: 'cover-round.png', data: png(shade), contentType: 'image/png' }],
});

interface Attachment {
  id: string;
  filename: string;
  description?: string;
  url: string;
  width?: number;
}
type Message = { id: string; attachments: Attachment[]; embeds: Array<{ title?: string }>; edited_timestamp: string | null };

describe('the bot editing its channel messages with files', () => {
  beforeEach(() => guilds.defineAll());

  test('a post keeps its upload; an edit with a new file replaces it; an edit without attachments keeps it', async () => {
    const rest = guilds.client.rest;
    const posted = (await rest.post(Routes.channelMessages(C_GENERAL), withFile(10, 'frame one'))) as Message;
    expect(posted.attachments).toEqual([expect.objectContaining({ filename: 'cover-round.png', description: 'frame one', width: 36 })]);
    const first = posted.attachments[0]!;
    const edited = (await rest.patch(Routes.channelMessage(C_GENERAL, posted.id), withFile(200, 'frame two'))) as Message;
    expect(edited.attachments).toHaveLength(1);
    expect(edited.attachments[0]).toMatchObject({ filename: 'cover-round.png', description: 'frame two' });
    expect(edited.attachments[0]!.id).not.toBe(first.id);
    expect(edited.embeds[0]?.title).toBe('frame 200');
    expect(edited.edited_timestamp).not.toBeNull();
    // The new file's bytes are served at its URL.
    const served = Buffer.from(await (await fetch(edited.attachments[0]!.url)).arrayBuffer());
    expect(served.equals(png(200))).toBe(true);
    // Text only: the file stays.
    const closed = (await rest.patch(Routes.channelMessage(C_GENERAL, posted.id), { body: { embeds: [{ title: 'over' }], components: [] } })) as Message;
    expect(closed.attachments.map((a) => a.id)).toEqual([edited.attachments[0]!.id]);
    // Listing no attachment removes it.
    const bare = (await rest.patch(Routes.channelMessage(C_GENERAL, posted.id), { body: { attachments: [] } })) as Message;
    expect(bare.attachments).toEqual([]);
    expect(guilds.fake.guilds.messagesIn(C_GENERAL).find((m) => m.id === posted.id)).toMatchObject({ embeds: [{ title: 'over' }], attachments: [] });
  });

  test('unknown message 10008; no ATTACH_FILES for a new upload 50013; no VIEW_CHANNEL 50001 before anything', async () => {
    const { api, fake } = guilds;
    expect(await api('PATCH', `/channels/${C_GENERAL}/messages/1399999999999999999`, { content: 'x' })).toEqual({ status: 404, body: { message: 'Unknown Message', code: 10008 } });
    const posted = (await guilds.client.rest.post(Routes.channelMessages(C_GENERAL), withFile(10, 'a'))) as Message;
    fake.guilds.setOverwrites(C_GENERAL, [{ id: R_BOT, type: 0, deny: P.AttachFiles }]);
    await expect(guilds.client.rest.patch(Routes.channelMessage(C_GENERAL, posted.id), withFile(50, 'b'))).rejects.toMatchObject({ code: 50013 });
    // Without a new upload the edit goes through.
    expect((await api('PATCH', `/channels/${C_GENERAL}/messages/${posted.id}`, { content: 'text' })).status).toBe(200);
    expect(await api('PATCH', `/channels/${C_HIDDEN}/messages/${posted.id}`, { content: 'x' })).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
  });
});

