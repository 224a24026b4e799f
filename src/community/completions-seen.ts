// When the bot saw a joined member's title become completed: from the changes every sync (or list
// change made through the bot) finds, the moment the mirror last showed the title become completed, kept per
// member and kind (`soc:done:<discord id>:<kind>`, JSON id → epoch ms). `/wrapped` dates a completion
// the list gives no finish date by this record before falling back to the entry's last update (which
// any later change, a score or a tag, moves). A first sync finds no changes, so titles already
// completed when a member joined are never recorded as seen then. A record expires 13 months after its
// last sighting (a year's /wrapped, asked in the January after, still finds it), and goes with the
// member's other data when they leave their last server, their lost login's stale time passes, or
// "forget me"; a sync whose changes arrive after that writes nothing (the membership is checked before
// and after the write).

import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import type { SocialKv } from './kv.js';
import type { ListKind, MirrorChange, SocialService } from './types.js';

/** How long a member's record is kept after its last sighting: 13 months. */
export const SEEN_TTL_MS = 396 * 24 * 60 * 60_000;

/** Titles kept per member and kind at most (the oldest sightings go first). */
export const SEEN_MAX_TITLES = 10_000;

const key = (discordUserId: string, kind: ListKind) => `soc:done:${discordUserId}:${kind}`;

/** The member's records, deleted (leaving the last server, a lost login's removal, "forget me"); returns how many. */
export async function dropCompletionsSeen(kv: Pick<SocialKv, 'delete'>, discordUserId: string): Promise<number> {
  const deleted = await Promise.all((['anime', 'manga'] as const).map((kind) => kv.delete(key(discordUserId, kind))));
  return deleted.filter(Boolean).length;
}

const seenDecoder = jsonDecoder<Record<string, number>>('soc:done', (value) =>
  typeof value !== 'object' || value === null || Array.isArray(value)
    ? undefined
    : Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => /^\d+$/.test(e[0]) && typeof e[1] === 'number' && Number.isFinite(e[1]))),
);
const decode = (raw: string | undefined): Record<string, number> => seenDecoder.decode(raw) ?? {};

/** The titles each change shows newly completed, by kind (the status of a finished title is `completed` for both kinds). */
export function newlyCompleted(changes: readonly MirrorChange[]): Map<ListKind, number[]> {
  const out = new Map<ListKind, number[]>();
  for (const c of changes) {
    if (c.after?.status !== 'completed' || c.before?.status === 'completed') continue;
    out.set(c.kind, [...(out.get(c.kind) ?? []), c.after.id]);
  }
  return out;
}

export interface CompletionsSeenOptions {
  kv: SocialKv;
  now: () => number;
  /** Whether the person is a joined member of some server's community (their membership record). */
  joined: (discordUserId: string) => Promise<boolean>;
}

export class CompletionsSeen {
  constructor(private readonly o: CompletionsSeenOptions) {}

  /** Records every completion the community's changes show, as they are found. */
  listen(social: Pick<SocialService, 'onChanges'>): void {
    social.onChanges(async (discordUserId, _serviceUser, changes) => {
      for (const [kind, ids] of newlyCompleted(changes)) await this.note(discordUserId, kind, ids);
    });
  }

  /** Records the sightings, for a joined member only: one who left or was forgotten meanwhile keeps nothing. */
  async note(discordUserId: string, kind: ListKind, ids: readonly number[]): Promise<void> {
    if (ids.length === 0 || !(await this.o.joined(discordUserId))) return;
    const at = this.o.now();
    await modify(this.o.kv, key(discordUserId, kind), (raw) => {
      const seen = decode(raw);
      for (const id of ids) seen[String(id)] = at;
      const kept = Object.entries(seen).sort((a, b) => b[1] - a[1]).slice(0, SEEN_MAX_TITLES);
      return { value: JSON.stringify(Object.fromEntries(kept)), result: undefined };
    }, SEEN_TTL_MS);
    // Removed while writing (their data dropped before this write landed): the write goes too.
    if (!(await this.o.joined(discordUserId))) await dropCompletionsSeen(this.o.kv, discordUserId);
  }

  /** When the bot saw each of the member's titles of this kind become completed (id → epoch ms). */
  async seen(discordUserId: string, kind: ListKind): Promise<Map<number, number>> {
    return new Map(Object.entries(decode(await this.o.kv.get(key(discordUserId, kind)))).map(([id, at]) => [Number(id), at]));
  }

  /** "Forget me": the member's records; returns how many. */
  forgetUser(discordUserId: string): Promise<number> {
    return dropCompletionsSeen(this.o.kv, discordUserId);
  }
}
