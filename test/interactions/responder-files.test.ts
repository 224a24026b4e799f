import { describe, expect, test } from 'vitest';
import type { RepliableInteraction } from '../../src/interactions/responder.js';
import { Responder } from '../../src/interactions/responder.js';
import type { RenderedMessage } from '../../src/render/limits.js';
import type { Logger } from '../../src/log/log.js';

interface Call {
  method: string;
  options: Record<string, unknown> | undefined;
}

/** Just enough of a discord.js interaction to see what the responder sends, and in what order. */
function fakeInteraction(component = false): { interaction: RepliableInteraction; calls: Call[] } {
  const calls: Call[] = [];
  const state = { deferred: false, replied: false };
  const record = (method: string, after?: () => void) => (options?: Record<string, unknown>) => {
    calls.push({ method, options });
    after?.();
    return Promise.resolve();
  };
  const interaction = {
    get deferred() {
      return state.deferred;
    },
    get replied() {
      return state.replied;
    },
    isMessageComponent: () => component,
    deferReply: record('deferReply', () => (state.deferred = true)),
    deferUpdate: record('deferUpdate', () => (state.deferred = true)),
    reply: record('reply', () => (state.replied = true)),
    update: record('update', () => (state.replied = true)),
    editReply: record('editReply'),
    followUp: record('followUp'),
    deleteReply: record('deleteReply'),
  };
  return { interaction: interaction as unknown as RepliableInteraction, calls };
}

const log = { warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined, child: () => log } as unknown as Logger;
const png = Buffer.from('89504e470d0a1a0a', 'hex');
const chart: RenderedMessage = {
  content: 'chart',
  files: [{ name: 'chart.png', data: png, contentType: 'image/png', description: 'Covers of alice’s completed anime, 3 by 3' }],
};

describe('the responder sends files', () => {
  test('a direct reply carries the files with their alt text', async () => {
    const { interaction, calls } = fakeInteraction();
    const r = new Responder(interaction, { mode: 'reply', ephemeral: false, deferAfterMs: 10_000 }, log);
    r.arm();
    await r.send(chart);
    expect(calls.map((c) => c.method)).toEqual(['reply']);
    expect(calls[0]?.options?.files).toEqual([{ attachment: png, name: 'chart.png', description: chart.files?.[0]?.description, contentType: 'image/png' }]);
    expect(calls[0]?.options?.attachments).toBeUndefined();
  });

  test('a picture handler is deferred at once, and its answer edits the reply, replacing any attachments', async () => {
    const { interaction, calls } = fakeInteraction();
    const r = new Responder(interaction, { mode: 'reply', ephemeral: false, deferAfterMs: 10_000, deferAtOnce: true }, log);
    r.arm();
    expect(calls.map((c) => c.method)).toEqual(['deferReply']);
    await r.send(chart);
    expect(calls.map((c) => c.method)).toEqual(['deferReply', 'editReply']);
    expect(calls[1]?.options).toMatchObject({ attachments: [], files: [{ name: 'chart.png', description: chart.files?.[0]?.description }] });
  });

  test('where the first answer cannot carry files (HTTP), an answer with files defers first, then edits', async () => {
    const { interaction, calls } = fakeInteraction();
    const r = new Responder(interaction, { mode: 'reply', ephemeral: true, deferAfterMs: 10_000, filesInFirstAnswer: false }, log);
    r.arm();
    await r.send(chart);
    expect(calls.map((c) => c.method)).toEqual(['deferReply', 'editReply']);
    expect(calls[1]?.options?.files).toHaveLength(1);
  });

  test('…while an answer without files still replies directly there', async () => {
    const { interaction, calls } = fakeInteraction();
    const r = new Responder(interaction, { mode: 'reply', ephemeral: true, deferAfterMs: 10_000, filesInFirstAnswer: false }, log);
    r.arm();
    await r.send({ content: 'text' });
    expect(calls.map((c) => c.method)).toEqual(['reply']);
  });

  test('an update replaces the message, pictures included; a deferred update edits', async () => {
    const first = fakeInteraction(true);
    const r = new Responder(first.interaction, { mode: 'update', ephemeral: true, deferAfterMs: 10_000 }, log);
    r.arm();
    await r.send(chart);
    expect(first.calls.map((c) => c.method)).toEqual(['update']);
    expect(first.calls[0]?.options).toMatchObject({ attachments: [], files: [{ name: 'chart.png' }] });

    const second = fakeInteraction(true);
    const deferred = new Responder(second.interaction, { mode: 'update', ephemeral: true, deferAfterMs: 10_000, deferAtOnce: true }, log);
    deferred.arm();
    await deferred.send(chart);
    expect(second.calls.map((c) => c.method)).toEqual(['deferUpdate', 'editReply']);
  });

  test('a follow-up carries files too', async () => {
    const { interaction, calls } = fakeInteraction();
    const r = new Responder(interaction, { mode: 'reply', ephemeral: true, deferAfterMs: 10_000 }, log);
    await r.followUpPrivately(chart);
    expect(calls[0]).toMatchObject({ method: 'followUp', options: { files: [{ name: 'chart.png' }] } });
  });

  test('a file without alt text is a bug and is never sent', async () => {
    const { interaction, calls } = fakeInteraction();
    const r = new Responder(interaction, { mode: 'reply', ephemeral: true, deferAfterMs: 10_000 }, log);
    await expect(r.send({ files: [{ name: 'chart.png', data: png, contentType: 'image/png', description: ' \u200b ' }] })).rejects.toThrow(/alt text/);
    expect(calls).toEqual([]);
  });
});
