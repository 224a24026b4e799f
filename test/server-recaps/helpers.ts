// A week source that answers what a test set, counting its reads, and a week with something to say.

import type { RecapKind } from '../../src/server-recaps/channels.js';
import type { ServerWeek, WeekSource } from '../../src/server-recaps/week.js';

export function busyWeek(fromMs: number, toMs: number): ServerWeek {
  return {
    fromMs,
    toMs,
    members: 3,
    episodes: 14,
    chapters: 30,
    completed: 2,
    newMembers: 1,
    topTitles: [{ kind: 'anime', id: 1, title: 'Frieren', nsfw: false, members: 2, units: 8 }],
    finished: [{ discordUserId: '300000000000000001', serviceUser: 'alice', kind: 'anime', id: 1, title: 'Frieren', nsfw: false }],
    airing: [{ kind: 'anime', id: 2, title: 'Dandadan', nsfw: false, members: 2, units: 0 }],
  };
}

export function quietWeekOf(fromMs: number, toMs: number): ServerWeek {
  return { fromMs, toMs, members: 3, episodes: 0, chapters: 0, completed: 0, newMembers: 0, topTitles: [], finished: [], airing: [] };
}

export class FakeWeeks implements WeekSource {
  quiet = false;
  reads: Array<{ guildId: string; kind: RecapKind; fromMs: number; toMs: number }> = [];

  week(guildId: string, kind: RecapKind, fromMs: number, toMs: number): Promise<ServerWeek> {
    this.reads.push({ guildId, kind, fromMs, toMs });
    return Promise.resolve(this.quiet ? quietWeekOf(fromMs, toMs) : busyWeek(fromMs, toMs));
  }
}
