// The reminders bench's workload: 1 500 airing titles, 10 000 users following 20 each (10% also
// follow their list), 500 servers with 10 channel follows; seeded, so every engine gets the same.

import { WEEKDAYS } from '../src/airing/air-times.js';
import { KEY, emptyUser, type GuildReminders } from '../src/reminders/records.js';
import type { Anime } from '../src/service/work-types.js';
import type { StoreEngine } from '../src/store/engine.js';
import { Prng } from '../emulator/prng.js';

export const USERS = 10_000;
export const PER_USER = 20;
export const TITLES = 1_500;
export const LIST_USERS = USERS / 10;
export const GUILDS = 500;
export const PER_GUILD = 10;
const HOUR = 3_600_000;

export function benchCatalogue(start: number): Map<number, Anime> {
  const rng = new Prng(13);
  const catalogue = new Map<number, Anime>();
  for (let i = 0; i < TITLES; i++) {
    const id = 10_000 + i;
    const startDay = new Date(start - rng.int(0, 10) * 7 * 86_400_000 - rng.int(0, 6) * 86_400_000).toISOString().slice(0, 10);
    catalogue.set(id, {
      id,
      title: `Title ${id}`,
      status: 'currently_airing',
      start_date: startDay,
      num_episodes: rng.pick([12, 13, 24, 0]),
      broadcast: { day_of_the_week: rng.pick(WEEKDAYS), start_time: `${String(rng.pick([0, 1, 2, 17, 18, 22, 23, 8])).padStart(2, '0')}:${rng.pick(['00', '30'])}` },
      nsfw: 'white',
    });
  }
  return catalogue;
}

/** A follow-list user's airing list (deterministic from their id). */
export function listOf(catalogue: Map<number, Anime>, userId: string): Anime[] {
  const ids = [...catalogue.keys()];
  const seed = Number(userId.slice(-6));
  return Array.from({ length: PER_USER }, (_, i) => catalogue.get(ids[(seed * 7 + i * 13) % TITLES] ?? 0) as Anime);
}

/** Writes every user's and server's settings, 50 at a time. */
export async function seedFollows(store: StoreEngine, catalogue: Map<number, Anime>, start: number): Promise<void> {
  const rng = new Prng(17);
  const ids = [...catalogue.keys()];
  const writes: Array<() => Promise<void>> = [];
  for (let u = 0; u < USERS; u++) {
    const user = emptyUser();
    const picks = new Set<number>();
    while (picks.size < PER_USER) picks.add(ids[rng.int(0, TITLES - 1)] ?? 0);
    user.titles = [...picks];
    user.delayMinutes = rng.pick([0, 0, 30, 60]);
    if (u < LIST_USERS) {
      user.followList = true;
      user.listSyncedAt = start - rng.int(0, 6 * HOUR);
    }
    writes.push(() => store.set(KEY.user(`1${String(u).padStart(17, '0')}`), JSON.stringify(user)));
  }
  for (let g = 0; g < GUILDS; g++) {
    const guildId = `2${String(g).padStart(17, '0')}`;
    const picks = new Set<number>();
    while (picks.size < PER_GUILD) picks.add(ids[rng.int(0, TITLES - 1)] ?? 0);
    const guild: GuildReminders = {
      follows: [...picks].map((titleId, i) => ({
        titleId,
        channelId: `3${String(g * 2 + (i % 2)).padStart(17, '0')}`,
        roleId: `4${String(g).padStart(17, '0')}`,
        delayMinutes: rng.pick([0, 30]),
        ageRestricted: false,
      })),
    };
    writes.push(() => store.set(KEY.guild(guildId), JSON.stringify(guild)));
  }
  for (let i = 0; i < writes.length; i += 50) await Promise.all(writes.slice(i, i + 50).map((w) => w()));
}

/** Discord's GET /channels/:id answer for one of the workload's channels (two per server, none age-restricted). */
export function benchChannel(route: string): { id: string; guild_id: string; nsfw: boolean } {
  const id = route.split('/').pop() ?? '';
  return { id, guild_id: `2${String(Math.floor(Number(id.slice(1)) / 2)).padStart(17, '0')}`, nsfw: false };
}

/** A store engine that counts the operations made through it. */
export function countingStore(engine: StoreEngine): { store: StoreEngine; count: () => number } {
  let n = 0;
  const counted = new Set(['get', 'set', 'setIfAbsent', 'take', 'compareAndSet', 'compareAndDelete', 'delete', 'keys']);
  const store = new Proxy(engine, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !counted.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        n++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store, count: () => n };
}
