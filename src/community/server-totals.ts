// A server's top titles (`/server top`, `/server chart`) and its members' sums (`/server leaderboard`) kept in the store, so a view reads one record
// instead of decoding every member's summary. Counting 1 000 members' summaries takes tens of
// milliseconds of CPU (and garbage) per view; the counts change only when a member's summary or the
// server's membership changes, far less often than they are read.
//
// Invalidation, deployment-wide: every summary write (src/community/mirror-store.ts) writes a new random
// token to `soc:sgen:<guild>` for each server the member joined (a blind write: no contention). Counts
// are stored with the token read before the summaries they were counted from, a digest of the member
// list they covered and the soonest stale time among them. They are used only while all three still
// hold: a summary written after the token was read changes the token (the counts are recounted, never
// served stale); a join or leave changes the member list; a lost login's stale time passing drops its
// summary as the direct read would. Two views counting at once both store valid counts.

import { createHash, randomUUID } from 'node:crypto';
import { rankTop, topTitles } from './leaderboards.js';
import type { SocialKv } from './kv.js';
import type { MemberSummaries } from './member-summary.js';
import { KEY, parseMember } from './records.js';
import type { ListKind, MemberSums, TopCount } from './types.js';

export const SUMMARY_TOKEN_KEY = (guildId: string): string => `soc:sgen:${guildId}`;
const TOTALS_KEY = (guildId: string, kind: ListKind, status: string | undefined, minMembers: number): string =>
  `soc:top:${guildId}:${kind}:${status ?? '*'}:${minMembers}`;
const SUMS_KEY = (guildId: string, kind: ListKind): string => `soc:top:${guildId}:${kind}:sums`;
/** Counts nobody reads go after this long (the next view counts again). */
const TOTALS_TTL_MS = 6 * 3_600_000;

function digest(memberIds: readonly string[]): string {
  return createHash('sha1').update(memberIds.join(',')).digest('base64');
}

interface Stored {
  token: string;
  members: string;
  validUntil: number;
  counts: Array<Omit<TopCount, 'rank'>>;
}

/** `token\nmembers digest\nvalid until\n` then per title four int32 words (id, members, score sum, scored) in base64. */
function encode(s: Stored): string {
  const words = new Int32Array(s.counts.length * 4);
  s.counts.forEach((c, i) => {
    words[i * 4] = c.id;
    words[i * 4 + 1] = c.members;
    words[i * 4 + 2] = Math.round((c.meanScore ?? 0) * c.scored);
    words[i * 4 + 3] = c.scored;
  });
  return `${s.token}\n${s.members}\n${s.validUntil}\n${Buffer.from(words.buffer).toString('base64')}`;
}

function decode(raw: string | undefined): Stored | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split('\n', 4);
  if (parts.length !== 4) return undefined;
  const [token = '', members = '', until = '', packed = ''] = parts;
  const validUntil = Number(until);
  if (!Number.isFinite(validUntil)) return undefined;
  const bytes = Buffer.from(packed, 'base64');
  const n = bytes.length >> 4;
  const counts: Stored['counts'] = [];
  for (let i = 0; i < n; i++) {
    const id = bytes.readInt32LE(i * 16);
    const membersOf = bytes.readInt32LE(i * 16 + 4);
    const sum = bytes.readInt32LE(i * 16 + 8);
    const scored = bytes.readInt32LE(i * 16 + 12);
    counts.push({ id, members: membersOf, meanScore: scored > 0 ? sum / scored : undefined, scored });
  }
  return { token, members, validUntil, counts };
}

/** One member's sums as kept: id, service user, count, progress, seconds, completed, score sum, scored, stale time (0: none). */
type SumsRow = [string, string, number, number, number, number, number, number, number];

function decodeSums(raw: string | undefined, kind: ListKind): { token: string; members: string; validUntil: number; sums: MemberSums[] } | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split('\n', 4);
  if (parts.length !== 4) return undefined;
  const [token = '', members = '', until = '', json = ''] = parts;
  const validUntil = Number(until);
  try {
    const rows = JSON.parse(json) as unknown;
    if (!Number.isFinite(validUntil) || !Array.isArray(rows)) return undefined;
    const sums: MemberSums[] = [];
    for (const row of rows as unknown[]) {
      if (!Array.isArray(row) || row.length !== 9 || typeof row[0] !== 'string' || typeof row[1] !== 'string' || !row.slice(2).every((n) => typeof n === 'number')) return undefined;
      const [discordUserId, serviceUser, count, progress, seconds, completed, scoreSum, scored, staleUntil] = row as SumsRow;
      sums.push({ discordUserId, serviceUser, kind, count, progress, seconds, completed, scoreSum, scored, ...(staleUntil > 0 ? { staleUntil } : {}) });
    }
    return { token, members, validUntil, sums };
  } catch {
    return undefined;
  }
}

export class ServerTotals {
  constructor(
    private readonly kv: SocialKv,
    private readonly summaries: MemberSummaries,
  ) {}

  /** The server's top titles (with `status`, at least `minMembers` members): the kept counts while they hold, else counted and kept. */
  async top(guildId: string, memberIds: readonly string[], kind: ListKind, status: string | undefined, minMembers: number, now: number): Promise<TopCount[]> {
    const key = TOTALS_KEY(guildId, kind, status, minMembers);
    const [token = '', raw] = await this.kv.getMany([SUMMARY_TOKEN_KEY(guildId), key]);
    const members = digest(memberIds);
    const kept = decode(raw);
    if (kept && kept.token === token && kept.members === members && kept.validUntil > now) return rankTop(kept.counts);
    const found = await this.summaries.read(memberIds, kind, now);
    const counts = topTitles(found, status, minMembers);
    const validUntil = Math.min(Number.MAX_SAFE_INTEGER, ...found.map((s) => s.staleUntil ?? Number.MAX_SAFE_INTEGER));
    await this.kv.set(key, encode({ token, members, validUntil, counts }), TOTALS_TTL_MS);
    return counts;
  }

  /** The sums of the server's members' summaries (leaderboards), in join order: kept while they hold, else read and kept. */
  async sums(guildId: string, memberIds: readonly string[], kind: ListKind, now: number): Promise<MemberSums[]> {
    const key = SUMS_KEY(guildId, kind);
    const [token = '', raw] = await this.kv.getMany([SUMMARY_TOKEN_KEY(guildId), key]);
    const members = digest(memberIds);
    const kept = decodeSums(raw, kind);
    if (kept && kept.token === token && kept.members === members && kept.validUntil > now) return kept.sums;
    const found = await this.summaries.read(memberIds, kind, now);
    const validUntil = Math.min(Number.MAX_SAFE_INTEGER, ...found.map((s) => s.staleUntil ?? Number.MAX_SAFE_INTEGER));
    const rows = found.map((s): SumsRow => [s.discordUserId, s.serviceUser, s.count, s.progress, s.seconds, s.completed, s.scoreSum, s.scored, s.staleUntil ?? 0]);
    await this.kv.set(key, `${token}\n${members}\n${validUntil}\n${JSON.stringify(rows)}`, TOTALS_TTL_MS);
    return found.map(({ discordUserId, serviceUser, kind: k, count, progress, seconds, completed, scoreSum, scored, staleUntil }) => ({
      discordUserId, serviceUser, kind: k, count, progress, seconds, completed, scoreSum, scored, ...(staleUntil !== undefined ? { staleUntil } : {}),
    }));
  }

  /** A summary of this member changed: the counts of every server they joined are counted again at their next view. */
  async changed(userId: string): Promise<void> {
    const guilds = parseMember(await this.kv.get(KEY.member(userId)))?.guilds ?? [];
    if (guilds.length === 0) return;
    const token = randomUUID();
    await this.kv.writeMany(guilds.map((g) => [SUMMARY_TOKEN_KEY(g), token] as const));
  }
}
