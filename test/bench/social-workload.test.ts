// The social bench's workload: the same on every run, the sizes the bench prints, lists the
// emulator accepts and serves as they are (so the bench's changes are what the service answers).

import { describe, expect, it } from 'vitest';
import { buildCatalogue, DEFAULT_CATALOGUE_SEED } from '../../emulator/catalogue/index.js';
import { ANIME_LIST_STATUSES, MANGA_LIST_STATUSES } from '../../emulator/catalogue/types.js';
import { CLIENT_ID, items, node } from '../../emulator/helpers.js';
import { Prng } from '../../emulator/prng.js';
import { startEmulator } from '../../emulator/server.js';
import {
  ANIME_PER_MEMBER, applyChanges, buildWorkload, CATALOGUE_SIZE, EXTRA_GUILDS_PER_MEMBER, GUILDS, MANGA_PER_MEMBER, MEMBERS, memberNames,
  totalChanges, type SocialWorkload,
} from '../../bench/social-workload.js';

const START = Date.UTC(2026, 0, 8, 12);
const catalogue = buildCatalogue(CATALOGUE_SIZE, DEFAULT_CATALOGUE_SEED, START, memberNames());

function fingerprint(w: SocialWorkload): string {
  return JSON.stringify(w.members.slice(0, 20).map((m) => [m.discordUserId, m.activity, [...m.lists.anime.entries()].slice(0, 10), [...m.lists.manga.keys()]]));
}

describe('the social bench workload', () => {
  const workload = buildWorkload(catalogue, START);

  it('is the same on every build and differs with the seed', () => {
    expect(fingerprint(buildWorkload(catalogue, START))).toBe(fingerprint(workload));
    expect(fingerprint(buildWorkload(catalogue, START, 23))).not.toBe(fingerprint(workload));
  });

  it('has 1 000 members with 300 valid entries each across 50 servers, one of them with everyone', () => {
    expect(workload.members).toHaveLength(MEMBERS);
    expect(new Set(workload.members.map((m) => m.discordUserId)).size).toBe(MEMBERS);
    // Checked in plain code (300 000 entries), one assertion on what is wrong.
    const wrong: string[] = [];
    for (const m of workload.members) {
      if (m.lists.anime.size !== ANIME_PER_MEMBER || m.lists.manga.size !== MANGA_PER_MEMBER) wrong.push(`${m.serviceUser}: list sizes`);
      for (const [kind, statuses] of [['anime', ANIME_LIST_STATUSES], ['manga', MANGA_LIST_STATUSES]] as const) {
        const works = kind === 'anime' ? catalogue.anime.byId : catalogue.manga.byId;
        for (const [id, e] of m.lists[kind]) {
          const ok = works.has(id) && (statuses as readonly string[]).includes(e.status ?? '') && e.score >= 0 && e.score <= 10 && e.updatedAt < START;
          if (!ok) wrong.push(`${m.serviceUser} ${kind} ${id}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(workload.guilds).toHaveLength(GUILDS);
    expect(workload.guilds[0]?.members).toHaveLength(MEMBERS);
    const memberships = workload.guilds.reduce((n, g) => n + g.members.length, 0);
    expect(memberships).toBe(MEMBERS * (1 + EXTRA_GUILDS_PER_MEMBER));
    for (const g of workload.guilds) expect(new Set(g.members).size).toBe(g.members.length);
  });

  it('lists overlap: popular titles are on many lists', () => {
    const counts = new Map<number, number>();
    for (const m of workload.members) for (const id of m.lists.anime.keys()) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThan(MEMBERS / 2);
  });

  it('changes lists at the modelled rate, stamped within the span', () => {
    const w = buildWorkload(catalogue, START);
    const counts = applyChanges(w, catalogue, new Prng(1), START, START + 3_600_000);
    // 15 % × 12 + 35 % × 1 + 30 % × 0.15 + 20 % × 0.01 ≈ 2.2 changes per member and day ≈ 92 an hour (some draws change nothing).
    expect(totalChanges(counts)).toBeGreaterThan(50);
    expect(totalChanges(counts)).toBeLessThan(140);
    const stamped = w.members.flatMap((m) => [...m.lists.anime.values(), ...m.lists.manga.values()]).filter((e) => e.updatedAt >= START);
    expect(stamped.length).toBeGreaterThan(0);
    for (const e of stamped) expect(e.updatedAt).toBeLessThan(START + 3_600_000);
  });

  it('the emulator serves the lists it was given, changes included', async () => {
    const w = buildWorkload(catalogue, START);
    const m = w.members[0];
    if (!m) throw new Error('no member');
    const emulator = await startEmulator({ now: () => START, users: [{ name: m.serviceUser, password: 'pw', ownLists: m.lists }], catalogue: { size: CATALOGUE_SIZE } });
    try {
      const read = async (): Promise<Array<Record<string, unknown>>> => {
        const res = await fetch(`${emulator.url}/v2/users/${m.serviceUser}/animelist?limit=1000&fields=list_status&nsfw=true`, { headers: { 'x-service-client-id': CLIENT_ID } });
        expect(res.status).toBe(200);
        return items(await res.json());
      };
      expect(await read()).toHaveLength(ANIME_PER_MEMBER);
      const [first] = m.lists.anime.keys();
      if (first === undefined) throw new Error('empty list');
      m.lists.anime.delete(first);
      const after = await read();
      expect(after).toHaveLength(ANIME_PER_MEMBER - 1);
      expect(after.map((i) => node(i).id)).not.toContain(first);
    } finally {
      await emulator.close();
    }
  });
});
