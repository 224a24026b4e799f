import { describe, expect, it } from 'vitest';
import { CompletionsSeen, newlyCompleted, SEEN_TTL_MS } from '../../src/community/completions-seen.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import type { MirrorChange, MirrorChangeListener, MirrorEntry } from '../../src/community/types.js';

const entry = (id: number, status: string): MirrorEntry => ({ id, title: `T${id}`, status, score: 0, progress: 0, total: 0, episodeSeconds: 0, nsfw: false, updatedAt: 0 });

describe('when the bot saw titles become completed', () => {
  it('only changes into completed count: a title added completed, or one that was watching; not one already completed', () => {
    const changes: MirrorChange[] = [
      { kind: 'anime', after: entry(1, 'completed') },
      { kind: 'anime', before: entry(2, 'watching'), after: entry(2, 'completed') },
      { kind: 'anime', before: entry(3, 'completed'), after: entry(3, 'completed') },
      { kind: 'manga', before: entry(4, 'reading'), after: entry(4, 'completed') },
      { kind: 'anime', before: entry(5, 'completed') },
      { kind: 'anime', before: entry(6, 'watching'), after: entry(6, 'dropped') },
    ];
    expect(newlyCompleted(changes)).toEqual(new Map([['anime', [1, 2]], ['manga', [4]]]));
  });

  it('keeps the moment of each sighting per member and kind, a later one replacing it; "forget me" removes them', async () => {
    let now = Date.UTC(2025, 2, 1);
    const kv = new MemoryEngine();
    const seen = new CompletionsSeen({ kv, now: () => now, joined: async () => true });
    let listener: MirrorChangeListener | undefined;
    seen.listen({ onChanges: (l) => void (listener = l) });
    await listener?.('u1', 'wren', [{ kind: 'anime', before: entry(1, 'watching'), after: entry(1, 'completed') }]);
    now += 1000;
    await listener?.('u1', 'wren', [{ kind: 'anime', after: entry(2, 'completed') }, { kind: 'manga', after: entry(9, 'completed') }]);
    expect(await seen.seen('u1', 'anime')).toEqual(new Map([[1, now - 1000], [2, now]]));
    expect(await seen.seen('u1', 'manga')).toEqual(new Map([[9, now]]));
    expect(await seen.seen('u2', 'anime')).toEqual(new Map());
    now += 1000;
    await seen.note('u1', 'anime', [1]);
    expect((await seen.seen('u1', 'anime')).get(1)).toBe(now);
    expect(await seen.forgetUser('u1')).toBe(2);
    expect(await seen.seen('u1', 'anime')).toEqual(new Map());
  });

  it('a record expires 13 months after its last sighting; someone who joined no community gets none', async () => {
    let now = Date.UTC(2025, 2, 1);
    const kv = new MemoryEngine(() => now);
    const members = new Set(['u1']);
    const seen = new CompletionsSeen({ kv, now: () => now, joined: async (id) => members.has(id) });
    await seen.note('u1', 'anime', [1]);
    await seen.note('u2', 'anime', [1]);
    expect(await kv.keys('soc:done:')).toEqual(['soc:done:u1:anime']);
    now += SEEN_TTL_MS - 1;
    expect((await seen.seen('u1', 'anime')).size).toBe(1);
    now += 2;
    expect(await seen.seen('u1', 'anime')).toEqual(new Map());
    expect(SEEN_TTL_MS).toBeGreaterThanOrEqual(395 * 86_400_000);
  });

  it('an unreadable record reads as none', async () => {
    const kv = new MemoryEngine();
    await kv.set('soc:done:u1:anime', 'not json');
    expect(await new CompletionsSeen({ kv, now: () => 0, joined: async () => true }).seen('u1', 'anime')).toEqual(new Map());
  });
});
