// When the bot saw a joined member's title become completed: from the changes every sync (or list
// change made through the bot) finds, the moment the mirror last showed the title become completed, kept per
// member and kind (`soc:done:<discord id>:<kind>`, JSON id → epoch ms). `/wrapped` dates a completion
// the list gives no finish date by this record before falling back to the entry's last update (which
// any later change, a score or a tag, moves). A first sync finds no changes, so titles already
// completed when a member joined are never recorded as seen then.

import { modify, type SocialKv } from './kv.js';
import type { ListKind, MirrorChange, SocialService } from './types.js';

/** Titles kept per member and kind at most (the oldest sightings go first). */
export const SEEN_MAX_TITLES = 10_000;

const key = (discordUserId: string, kind: ListKind) => `soc:done:${discordUserId}:${kind}`;

function decode(raw: string | undefined): Record<string, number> {
  if (raw === undefined) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => /^\d+$/.test(e[0]) && typeof e[1] === 'number' && Number.isFinite(e[1])));
  } catch {
    return {};
  }
}

/** The titles each change shows newly completed, by kind (the status of a finished title is `completed` for both kinds). */
export function newlyCompleted(changes: readonly MirrorChange[]): Map<ListKind, number[]> {
  const out = new Map<ListKind, number[]>();
  for (const c of changes) {
    if (c.after?.status !== 'completed' || c.before?.status === 'completed') continue;
    out.set(c.kind, [...(out.get(c.kind) ?? []), c.after.id]);
  }
  return out;
}

export class CompletionsSeen {
  constructor(private readonly o: { kv: SocialKv; now: () => number }) {}

  /** Records every completion the community's changes show, as they are found. */
  listen(social: Pick<SocialService, 'onChanges'>): void {
    social.onChanges(async (discordUserId, _serviceUser, changes) => {
      for (const [kind, ids] of newlyCompleted(changes)) await this.note(discordUserId, kind, ids);
    });
  }

  async note(discordUserId: string, kind: ListKind, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const at = this.o.now();
    await modify(this.o.kv, key(discordUserId, kind), (raw) => {
      const seen = decode(raw);
      for (const id of ids) seen[String(id)] = at;
      const kept = Object.entries(seen).sort((a, b) => b[1] - a[1]).slice(0, SEEN_MAX_TITLES);
      return { value: JSON.stringify(Object.fromEntries(kept)), result: undefined };
    });
  }

  /** When the bot saw each of the member's titles of this kind become completed (id → epoch ms). */
  async seen(discordUserId: string, kind: ListKind): Promise<Map<number, number>> {
    return new Map(Object.entries(decode(await this.o.kv.get(key(discordUserId, kind)))).map(([id, at]) => [Number(id), at]));
  }

  /** "Forget me": the member's records; returns how many. */
  async forgetUser(discordUserId: string): Promise<number> {
    const deleted = await Promise.all((['anime', 'manga'] as const).map((kind) => this.o.kv.delete(key(discordUserId, kind))));
    return deleted.filter(Boolean).length;
  }
}
