// A safe-for-work title of this season with an episode still to come, from the sandbox's emulator
// (its catalogue is built around the time it starts), for channel reminder tests.

import { airingPlan, episodesBetween, type AiringFields } from '../../src/airing/air-times.js';
import { SANDBOX_CLIENT_ID } from '../../sandbox/start.js';

const WEEK = 7 * 24 * 3_600_000;
const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;

export interface AiringTitle {
  id: number;
  title: string;
  /** The next expected episode (Japanese broadcast) and its number when known. */
  next: number;
  episode?: number;
}

interface Work extends AiringFields {
  id: number;
  title: string;
  nsfw?: string;
}

/** `episodesAhead`: at least this many episodes still to come (default 1). */
export async function airingTitle(emulatorUrl: string, episodesAhead = 1): Promise<AiringTitle> {
  const now = Date.now();
  const date = new Date(now);
  const season = SEASONS[Math.floor(date.getUTCMonth() / 3)] ?? 'winter';
  const res = await fetch(`${emulatorUrl}/v2/anime/season/${date.getUTCFullYear()}/${season}?limit=500&nsfw=true&fields=broadcast,status,start_date,num_episodes,nsfw`, {
    headers: { 'X-SERVICE-CLIENT-ID': SANDBOX_CLIENT_ID },
  });
  if (!res.ok) throw new Error(`the emulator answered ${res.status}`);
  const works = ((await res.json()) as { data: Array<{ node: Work }> }).data.map((d) => d.node);
  for (const w of works) {
    const plan = w.nsfw === 'white' && w.status === 'currently_airing' ? airingPlan(w) : undefined;
    const ahead = plan ? episodesBetween(plan, now + 10 * 60_000, now + 52 * WEEK) : [];
    const first = ahead.length >= episodesAhead ? ahead[0] : undefined;
    if (first) return { id: w.id, title: w.title, next: first.atMs, ...(first.episode !== undefined ? { episode: first.episode } : {}) };
  }
  throw new Error('no airing title in the sandbox catalogue');
}
