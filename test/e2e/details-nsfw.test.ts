// Details of a safe work whose related works or recommendations include not-safe-for-work titles: those titles
// are only shown in age-restricted channels.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Where } from '../../fake-discord/index.js';
import { componentId, DM, GUILD, NSFW_CHANNEL, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { LOOKUPS_PER_DETAILS } from '../../src/views/reference-vetting.js';
import { expectClean, serviceGet } from './catalogue-helpers.js';

type Kind = 'anime' | 'manga';

interface Ref {
  kind: Kind;
  id: number;
  title: string;
}

interface Candidate {
  id: number;
  title: string;
  picture: string | undefined;
  nsfwRefs: Ref[];
  whiteRefs: Ref[];
}

interface WorkNode {
  id: number;
  title: string;
  nsfw?: string;
  main_picture?: { medium?: string; large?: string };
}
interface RefItem {
  node?: { id: number; title: string };
}
interface Details extends WorkNode {
  related_anime?: RefItem[];
  related_manga?: RefItem[];
  recommendations?: RefItem[];
}

// What the details embed shows: 8 related works per relation field, 5 recommendations.
const SHOWN_RELATED = 8;
const SHOWN_RECOMMENDATIONS = 5;
// Titles that render verbatim (no markdown escaping) and are long enough not to hide inside other text.
const PLAIN_TITLE = /^[A-Za-z0-9 ]{6,}$/;

async function nsfwOf(stack: Stack, kind: Kind, id: number): Promise<string | undefined> {
  return ((await serviceGet(stack, `/${kind}/${id}?fields=nsfw`)) as WorkNode).nsfw;
}

/** Refs the embed would show, each with its nsfw level as the emulator reports it. */
async function shownRefs(stack: Stack, kind: Kind, work: Details): Promise<Array<Ref & { nsfw: string | undefined }>> {
  const take = (k: Kind, items: RefItem[] | undefined, max: number): Ref[] =>
    (items ?? [])
      .filter((r): r is Required<RefItem> => r.node !== undefined)
      .slice(0, max)
      .map((r) => ({ kind: k, id: r.node.id, title: r.node.title }));
  const refs = [
    ...take('anime', work.related_anime, SHOWN_RELATED),
    ...take('manga', work.related_manga, SHOWN_RELATED),
    ...take(kind, work.recommendations, SHOWN_RECOMMENDATIONS),
  ];
  return Promise.all(refs.map(async (r) => ({ ...r, nsfw: await nsfwOf(stack, r.kind, r.id) })));
}

/** A white work (from the ranking) showing at least one non-white and one white reference. */
async function findCandidate(stack: Stack, kind: Kind): Promise<Candidate> {
  const ranking = (await serviceGet(stack, `/${kind}/ranking?ranking_type=all&limit=100&fields=nsfw`)) as { data: Array<{ node: WorkNode }> };
  for (const { node } of ranking.data) {
    if (node.nsfw !== 'white' || !PLAIN_TITLE.test(node.title)) continue;
    const work = (await serviceGet(stack, `/${kind}/${node.id}?fields=nsfw,related_anime,related_manga,recommendations`)) as Details;
    const refs = await shownRefs(stack, kind, work);
    if (!refs.every((r) => PLAIN_TITLE.test(r.title))) continue;
    const nsfwRefs = refs.filter((r) => r.nsfw !== 'white');
    const whiteRefs = refs.filter((r) => r.nsfw === 'white');
    const titles = [work.title, ...refs.map((r) => r.title)];
    // Each hidden title must not appear inside another title, or its absence could not be seen.
    const distinct = nsfwRefs.every((r) => titles.filter((t) => t.includes(r.title)).length === 1);
    if (nsfwRefs.length > 0 && whiteRefs.length > 0 && distinct) {
      return { id: work.id, title: work.title, picture: work.main_picture?.large ?? work.main_picture?.medium, nsfwRefs, whiteRefs };
    }
  }
  throw new Error(`no white ${kind} in the emulator's ranking shows a not-safe-for-work related work`);
}

describe('details: not-safe-for-work related works and recommendations', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function info(kind: Kind, id: number, where: Where) {
    const handle = stack.command({ name: kind, subcommand: 'info', options: { title: `id:${id}` }, where, user: newUser() });
    const message = await handle.settled();
    expectClean(handle, message);
    return { message, text: textOf(message) };
  }

  describe.each(['anime', 'manga'] as const)('%s', (kind) => {
    it('are shown in an age-restricted channel without any nsfw look-ups, and left out elsewhere', async () => {
      const work = await findCandidate(stack, kind);
      const nsfwLookups = (from: number) => stack.emulator.requestLog.slice(from).filter((r) => r.query.fields === 'nsfw');

      // First, before the bot could have cached any look-up: the age-restricted channel needs none.
      let from = stack.emulator.requestLog.length;
      const inside = await info(kind, work.id, NSFW_CHANNEL);
      expect(nsfwLookups(from)).toEqual([]);
      expect(inside.text).toContain(`ID ${work.id}`);
      for (const r of [...work.nsfwRefs, ...work.whiteRefs]) expect(inside.text).toContain(r.title);

      // Elsewhere, the first viewer: at most LOOKUPS_PER_DETAILS unknown ratings are looked up; the other
      // references wait, unnamed, behind "Check N more related works", which vets them for everyone.
      from = stack.emulator.requestLog.length;
      const viewer = newUser();
      const first = await info(kind, work.id, GUILD);
      expect(first.message.embeds?.[0]?.title).toBe(work.title);
      expect(first.message.embeds?.[0]?.thumbnail?.url).toBe(work.picture);
      expect(nsfwLookups(from).length).toBeLessThanOrEqual(LOOKUPS_PER_DETAILS);
      expect(nsfwLookups(from).every((r) => r.auth === 'client')).toBe(true);
      for (const r of work.nsfwRefs) expect(first.text).not.toContain(r.title);
      let vetted = first;
      if (work.nsfwRefs.length + work.whiteRefs.length > LOOKUPS_PER_DETAILS) {
        const check = componentId(first.message, 'Check');
        const clicked = stack.click(first.message, check, viewer, GUILD);
        const message = await clicked.settled();
        expectClean(clicked, message);
        vetted = { message, text: textOf(message) };
      }
      for (const r of work.whiteRefs) expect(vetted.text).toContain(r.title);
      for (const r of work.nsfwRefs) expect(vetted.text).not.toContain(r.title);

      // Every rating is now on record for the deployment: the next viewer costs no look-up at all.
      from = stack.emulator.requestLog.length;
      const { message, text } = await info(kind, work.id, DM);
      expect(nsfwLookups(from)).toEqual([]);
      expect(JSON.stringify(message.components ?? [])).not.toContain('"Check ');
      for (const r of work.whiteRefs) expect(text).toContain(r.title);
      for (const r of work.nsfwRefs) expect(text).not.toContain(r.title);
    });
  });
});

/** A white work showing at least `count` references. */
async function findWellConnected(stack: Stack, kind: Kind, count: number): Promise<{ id: number; title: string; refs: Array<Ref & { nsfw: string | undefined }> }> {
  const ranking = (await serviceGet(stack, `/${kind}/ranking?ranking_type=all&limit=200&fields=nsfw`)) as { data: Array<{ node: WorkNode }> };
  for (const { node } of ranking.data) {
    if (node.nsfw !== 'white') continue;
    const work = (await serviceGet(stack, `/${kind}/${node.id}?fields=nsfw,related_anime,related_manga,recommendations`)) as Details;
    const refs = await shownRefs(stack, kind, work);
    if (refs.length >= count) return { id: work.id, title: work.title, refs };
  }
  throw new Error(`no white ${kind} shows ${count} references`);
}

describe('details: vetting references against a slow service', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('leaves out what it could not vet in time instead of holding the answer', async () => {
    // "Check more" looks up four at a time, 1.5 s each, against a 2.5 s budget: only the first four are vetted in time.
    const work = await findWellConnected(stack, 'anime', LOOKUPS_PER_DETAILS + 5);
    const user = newUser();
    const details = await stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${work.id}` }, where: GUILD, user }).settled();
    stack.emulator.faults.delayMs = 1_500;
    try {
      const from = stack.emulator.requestLog.length;
      const handle = stack.click(details, componentId(details, 'Check'), user, GUILD);
      const message = await handle.settled(15_000);
      expectClean(handle, message);
      expect(message.embeds?.[0]?.title).toBe(work.title);
      const vettedInTime = stack.emulator.requestLog.slice(from).filter((r) => r.query.fields === 'nsfw').length;
      expect(vettedInTime).toBeLessThan(work.refs.length - LOOKUPS_PER_DETAILS);
      // What is shown was vetted white (judged by the titles that render verbatim).
      const text = textOf(message);
      for (const r of work.refs) if (PLAIN_TITLE.test(r.title) && text.includes(r.title)) expect(r.nsfw).toBe('white');
    } finally {
      stack.emulator.faults.delayMs = 0;
    }
  });
});
