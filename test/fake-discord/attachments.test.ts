// Attachments as Discord keeps them: the bot's Responder uploads a picture through the real
// discord.js client; the fake describes it (id, filename, size, signed expiring url, proxy_url,
// content_type, width/height, description), serves its bytes at the URL, keeps or replaces it on
// edits, and refuses what Discord refuses.

import { gunzipSync, gzipSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import type { Client, Interaction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keptAttachment, loginClient, registerTestCommands, slashCommand, startFakeDiscord, testCommand, type FakeDiscord } from '../../fake-discord/index.js';
import { Responder } from '../../src/interactions/responder.js';
import type { RenderedMessage } from '../../src/render/limits.js';
import { silentLogger } from '../../src/log/log.js';

const alice = { id: '312345678901234567', username: 'alice' };
const guild = { kind: 'guild' } as const;
let fake: FakeDiscord;
let client: Client<true>;
let handler: (i: Interaction) => Promise<void> = async () => undefined;
const failures: unknown[] = [];
let png: Buffer;

interface Attachment {
  id: string;
  filename: string;
  size: number;
  url: string;
  proxy_url: string;
  content_type?: string;
  width?: number;
  height?: number;
  description?: string;
}

beforeAll(async () => {
  const canvas = createCanvas(120, 80);
  canvas.getContext('2d').fillRect(0, 0, 120, 80);
  png = canvas.toBuffer('image/png');
  fake = await startFakeDiscord();
  client = await loginClient(fake);
  await registerTestCommands(fake, [testCommand('chart')]);
  client.on('interactionCreate', (i) => void handler(i).catch((e: unknown) => failures.push(e)));
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

const chart = (name = 'chart.png', description = 'Covers of alice’s completed anime'): RenderedMessage => ({
  content: 'chart',
  files: [{ name, data: png, contentType: 'image/png', description }],
});

function answer(deferAtOnce: boolean, ...messages: RenderedMessage[]): void {
  handler = async (i) => {
    if (!i.isChatInputCommand()) return;
    const r = new Responder(i, { mode: 'reply', ephemeral: false, deferAfterMs: 5_000, deferAtOnce }, silentLogger);
    r.arm();
    for (const m of messages) await r.send(m);
  };
}

describe('fake Discord attachments', () => {
  test('a picture reply is described as Discord does, and its URL serves the bytes until it expires', async () => {
    answer(false, chart());
    const h = fake.interact(slashCommand({ name: 'chart', where: guild, user: alice }));
    const m = await h.settled();
    const [a] = m.attachments as Attachment[];
    expect(a).toMatchObject({ filename: 'chart.png', size: png.length, content_type: 'image/png', width: 120, height: 80, description: 'Covers of alice’s completed anime' });
    const url = new URL(a!.url);
    expect(url.pathname).toBe(`/cdn/attachments/${m.channel_id}/${a!.id}/chart.png`);
    expect([...url.searchParams.keys()]).toEqual(['ex', 'is', 'hm']);
    expect(parseInt(url.searchParams.get('ex')!, 16) - parseInt(url.searchParams.get('is')!, 16)).toBe(86_400);
    const res = await fetch(a!.url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(a!.proxy_url)).status).toBe(200);
    expect(keptAttachment(a!.id)?.bytes.equals(png)).toBe(true);
    url.searchParams.set('hm', '0'.repeat(64));
    expect((await fetch(url)).status).toBe(404);
    expect(failures).toEqual([]);
  });

  test('deferred at once, then edited: the edit replaces the attachments', async () => {
    answer(true, chart('first.png'), chart('second.png', 'Second chart'));
    const h = fake.interact(slashCommand({ name: 'chart', where: guild, user: alice }));
    expect((await h.firstResponse()).type).toBe(5);
    const m = await h.waitForOriginal((msg) => (msg.attachments as Attachment[]).some((a) => a.filename === 'second.png'));
    expect((m.attachments as Attachment[]).map((a) => [a.filename, a.description])).toEqual([['second.png', 'Second chart']]);
    expect(failures).toEqual([]);
  });

  test('Discord refuses a description over 1024 characters, a file over the upload limit and more than 10 files', async () => {
    const refused: unknown[] = [];
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      for (const files of [
        [{ attachment: png, name: 'a.png', description: 'x'.repeat(1025) }],
        [{ attachment: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'big.png' }],
        Array.from({ length: 11 }, (_, n) => ({ attachment: png, name: `c${n}.png` })),
      ]) {
        await i.editReply({ files }).catch((e: unknown) => refused.push(e));
      }
    };
    fake.interact(slashCommand({ name: 'chart', where: guild, user: alice }));
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBe(3);
    expect(refused.map((e) => [(e as { status?: number }).status, (e as { code?: number }).code])).toEqual([
      [400, 50035],
      [413, 40005],
      [400, 50035],
    ]);
  });

  test('a list file (.xml, .xml.gz) in an ephemeral answer: described with its type and size, no picture dimensions, served back as sent; over the upload limit refused', async () => {
    const xml = Buffer.from('<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist></myanimelist>\n');
    const gz = gzipSync(xml);
    const files: RenderedMessage = {
      content: 'export',
      files: [
        { name: 'animelist-alice.xml', data: xml, contentType: 'application/xml', description: 'alice’s anime list' },
        { name: 'animelist-alice.xml.gz', data: gz, contentType: 'application/gzip', description: 'alice’s anime list, gzipped' },
      ],
    };
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      const r = new Responder(i, { mode: 'reply', ephemeral: true, deferAfterMs: 5_000, deferAtOnce: true }, silentLogger);
      r.arm();
      await r.send(files);
    };
    const h = fake.interact(slashCommand({ name: 'chart', where: guild, user: alice }));
    const m = await h.waitForOriginal((msg) => (msg.attachments as Attachment[]).length === 2);
    expect(h.ephemeral()).toBe(true);
    const [plain, packed] = m.attachments as Attachment[];
    expect(plain).toMatchObject({ filename: 'animelist-alice.xml', size: xml.length, content_type: 'application/xml' });
    expect(packed).toMatchObject({ filename: 'animelist-alice.xml.gz', size: gz.length, content_type: 'application/gzip' });
    expect(packed?.width).toBeUndefined();
    const res = await fetch(packed!.url);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).equals(xml)).toBe(true);
    expect(failures).toEqual([]);

    const refused: unknown[] = [];
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: 64 });
      await i.editReply({ files: [{ attachment: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'big.xml.gz' }] }).catch((e: unknown) => refused.push(e));
    };
    fake.interact(slashCommand({ name: 'chart', where: guild, user: alice }));
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBe(1);
    expect([(refused[0] as { status?: number }).status, (refused[0] as { code?: number }).code]).toEqual([413, 40005]);
  });
});
