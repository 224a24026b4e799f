// Progress of long work (a list export): edits of the deferred reply, in order, never before the
// deferral and never after the answer started: the answer waits for an edit in flight, so it is never
// overwritten by it, and drops the edits still queued.

import { describe, expect, test } from 'vitest';
import type { RepliableInteraction } from '../../src/interactions/responder.js';
import { Responder } from '../../src/interactions/responder.js';
import type { Logger } from '../../src/log/log.js';

interface Call {
  method: string;
  content: unknown;
}

/** A discord.js interaction whose edits take `editMs` each (a slow Discord), recording when each ends. */
function fakeInteraction(editMs = 0): { interaction: RepliableInteraction; calls: Call[] } {
  const calls: Call[] = [];
  const state = { deferred: false, replied: false };
  const interaction = {
    get deferred() {
      return state.deferred;
    },
    get replied() {
      return state.replied;
    },
    isMessageComponent: () => false,
    deferReply: () => {
      state.deferred = true;
      calls.push({ method: 'deferReply', content: undefined });
      return Promise.resolve();
    },
    editReply: async (options: { content?: string }) => {
      await new Promise((resolve) => setTimeout(resolve, editMs));
      calls.push({ method: 'editReply', content: options.content });
    },
    reply: () => Promise.reject(new Error('not expected')),
    followUp: () => Promise.reject(new Error('not expected')),
  };
  return { interaction: interaction as unknown as RepliableInteraction, calls };
}

const log = { warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined, child: () => log } as unknown as Logger;

describe('progress of long work', () => {
  test('edits the deferred reply in order, and the answer comes after an edit still in flight', async () => {
    const { interaction, calls } = fakeInteraction(30);
    const r = new Responder(interaction, { mode: 'reply', ephemeral: true, deferAfterMs: 10_000, deferAtOnce: true }, log);
    r.arm();
    await Promise.resolve();
    r.progress({ content: '1 page read' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    r.progress({ content: '2 pages read' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // '2 pages read' is being sent; '3 pages read' is still queued when the answer comes, and dropped.
    r.progress({ content: '3 pages read' });
    await r.send({ content: 'done' });
    r.progress({ content: 'too late' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toEqual([
      { method: 'deferReply', content: undefined },
      { method: 'editReply', content: '1 page read' },
      { method: 'editReply', content: '2 pages read' },
      { method: 'editReply', content: 'done' },
    ]);
  });

  test('shows nothing before the reply is deferred', async () => {
    const { interaction, calls } = fakeInteraction();
    const r = new Responder(interaction, { mode: 'reply', ephemeral: true, deferAfterMs: 10_000 }, log);
    r.progress({ content: 'early' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
  });

  test('an error answer also waits for the edit in flight, and no progress follows it', async () => {
    const { interaction, calls } = fakeInteraction(20);
    const r = new Responder(interaction, { mode: 'reply', ephemeral: true, deferAfterMs: 10_000, deferAtOnce: true }, log);
    r.arm();
    await Promise.resolve();
    r.progress({ content: 'reading' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await r.sendError({ content: 'failed' });
    r.progress({ content: 'after' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(calls.map((c) => c.content)).toEqual([undefined, 'reading', 'failed']);
  });
});
