import { describe, expect, it } from 'vitest';
import type { BaseContext, BotDeps } from '../../src/interactions/context.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';
import type { SocialService } from '../../src/community/types.js';
import { compareMembers } from '../../src/views/compare.js';
import { openLeaderboard, openTopTitles, serverDetailsPart, serverMembersView } from '../../src/views/social.js';
import { renderPagedView } from '../../src/views/paged-view.js';
import { entry, FixedReader, mirror } from '../community/boards-fixtures.js';
import { ENGLISH } from '../../src/i18n/index.js';
import { TitlePreferences } from '../../src/preferences/title-preferences.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

const G = '1200000000000000001';
const ID = (n: number) => String(1_100_000_000_000_000_000n + BigInt(n));

/** The kept ratings the service gave (`kind:id` → level); none known unless given. */
function ctxWith(reader: FixedReader, o: { guildId?: string; userId?: string; warnings?: unknown[]; ratings?: Record<string, string>; ageRestricted?: boolean; kv?: MemoryEngine } = {}): BaseContext {
  const nsfwRatings = { get: async (kind: string, id: number) => o.ratings?.[`${kind}:${id}`] };
  const log = { warn: (_m: string, c: unknown) => o.warnings?.push(c), info() {}, debug() {}, error() {}, child: () => log };
  return {
    userId: o.userId ?? ID(0),
    t: ENGLISH,
    ...(o.guildId !== undefined ? { guildId: o.guildId } : {}),
    where: { place: o.guildId !== undefined ? 'guild' : 'bot_dm', ageRestricted: o.ageRestricted ?? false },
    deps: { social: reader as unknown as SocialService, log, nsfwRatings, preferences: new TitlePreferences({ kv: o.kv ?? new MemoryEngine() }) } as unknown as BotDeps,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 10_000,
    budgetEndsAt: () => Date.now() + 10_000,
    viewerAuth: async () => undefined,
    requireAuth: async () => {
      throw new Error('not used');
    },
  };
}

const members = Array.from({ length: 8 }, (_, n) =>
  mirror(ID(n), [entry(7, { score: n + 1, progress: n, status: n % 2 ? 'watching' : 'completed' }), ...[1, 2, 3, 4, 5, 6].map((i) => entry(100 + i, { score: ((i * (n + 1)) % 10) + 1 }))]),
);
const reader = () => new FixedReader({ [G]: members.map((m) => m.discordUserId) }, members);

async function refusal(p: Promise<unknown>): Promise<UserFacingError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserFacingError);
  return error as UserFacingError;
}

describe('serverDetailsPart', () => {
  it('shows nothing in DMs or when nobody joined', async () => {
    expect(await serverDetailsPart(ctxWith(reader()), 'anime', 7)).toEqual({ embeds: [], components: [] });
    const empty = new FixedReader({}, members);
    expect(await serverDetailsPart(ctxWith(empty, { guildId: G }), 'anime', 7)).toEqual({ embeds: [], components: [] });
  });

  it("reads the title's holders once (no member's mirror) and offers every member behind a button when more than five have it", async () => {
    const r = reader();
    const part = await serverDetailsPart(ctxWith(r, { guildId: G }), 'anime', 7);
    expect(r.reads).toBe(0);
    expect(r.holderReads).toBe(1);
    expect(part.embeds[0]?.description).toContain('8 members have it here: 4 watching · 4 completed');
    const button = part.components[0]?.components[0] as { custom_id: string; label: string };
    expect(decodeCustomId(button.custom_id)).toEqual({ kind: 'sv', fields: ['a', '7'] });
    expect(button.label).toBe('See all 8 members here');
  });

  it('says nobody here has a title no member has', async () => {
    const part = await serverDetailsPart(ctxWith(reader(), { guildId: G }), 'anime', 999);
    expect(part.embeds[0]?.description).toBe("None of the 8 members who joined this server's list community has it on their list.");
    expect(part.components).toEqual([]);
  });

  it('leaves the part out, logged, when the store cannot answer', async () => {
    const broken = reader();
    broken.holders = async () => {
      throw new Error('store down');
    };
    const warnings: unknown[] = [];
    expect(await serverDetailsPart(ctxWith(broken, { guildId: G, warnings }), 'anime', 7)).toEqual({ embeds: [], components: [] });
    expect(warnings).toHaveLength(1);
  });
});

describe('serverMembersView', () => {
  it('pages through every member who has the title', async () => {
    const ctx = ctxWith(reader(), { guildId: G });
    const page = await serverMembersView.load(ctx, { kind: 'anime', id: 7 }, 0);
    expect(page).toMatchObject({ hasNext: false, total: 8 });
    expect(page.embeds[0]?.title).toBe('In this server: Title 7');
    expect(page.embeds[0]?.description?.match(/<@/g)).toHaveLength(8);
  });
});

describe('compareMembers', () => {
  it('is refused in DMs', async () => {
    expect((await refusal(compareMembers(ctxWith(reader()), 'anime', ID(1)))).title).toBe('Only in a server');
  });

  it('names who has to join: the viewer, the other member, or both', async () => {
    const r = new FixedReader({ [G]: [ID(1)] }, members);
    const you = await refusal(compareMembers(ctxWith(r, { guildId: G, userId: ID(5) }), 'anime', ID(1)));
    expect(you.message).toContain('You have not joined');
    expect(you.message).toContain('/server join');
    const them = await refusal(compareMembers(ctxWith(r, { guildId: G, userId: ID(1) }), 'anime', ID(6)));
    expect(them.message).toContain(`<@${ID(6)}> has not joined`);
    const both = await refusal(compareMembers(ctxWith(r, { guildId: G, userId: ID(1) }), 'anime', ID(6), ID(7)));
    expect(both.message).toContain(`<@${ID(6)}> and <@${ID(7)}> have not joined`);
  });

  it('refuses comparing someone with themselves', async () => {
    expect((await refusal(compareMembers(ctxWith(reader(), { guildId: G }), 'anime', ID(0)))).title).toBe('Pick someone else');
  });

  it('compares the viewer with a member, or two other members', async () => {
    const mine = await compareMembers(ctxWith(reader(), { guildId: G, userId: ID(0) }), 'anime', ID(1));
    expect(mine.embeds?.[0]?.description).toContain(`<@${ID(0)}> (user${ID(0)}) and <@${ID(1)}>`);
    expect(mine.embeds?.[0]?.description).toMatch(/correlation of scores, on 7 titles scored by both/);
    const others = await compareMembers(ctxWith(reader(), { guildId: G, userId: ID(0) }), 'anime', ID(2), ID(3));
    expect(others.embeds?.[0]?.description).toContain(`<@${ID(2)}> (user${ID(2)}) and <@${ID(3)}>`);
  });

  it('says when a joined member’s list has not been read yet', async () => {
    const r = new FixedReader({ [G]: [ID(0), ID(1)] }, [members[0] as never]);
    expect((await refusal(compareMembers(ctxWith(r, { guildId: G, userId: ID(0) }), 'anime', ID(1)))).message).toContain(`<@${ID(1)}>'s anime list has not been read yet`);
  });
});

describe('leaderboards', () => {
  it('refuses days for manga and both boards in DMs', async () => {
    expect((await refusal(openLeaderboard(ctxWith(reader(), { guildId: G }), 'days', 'manga'))).title).toBe('Anime only');
    expect((await refusal(openLeaderboard(ctxWith(reader()), 'episodes', 'anime'))).title).toBe('Only in a server');
    expect((await refusal(openTopTitles(ctxWith(reader()), 'anime', undefined))).title).toBe('Only in a server');
  });

  it('pages the leaderboard with the viewer marked', async () => {
    const many = Array.from({ length: 23 }, (_, n) => mirror(ID(n), [entry(1, { progress: n })]));
    const r = new FixedReader({ [G]: many.map((m) => m.discordUserId) }, many);
    const first = await openLeaderboard(ctxWith(r, { guildId: G, userId: ID(5) }), 'episodes', 'anime');
    expect(first.embeds?.[0]?.description).toContain('You are **#18** with 5 episodes.');
    const pager = JSON.stringify(first.components);
    expect(pager).toContain('Page 1 of 3');
    const second = await renderPagedView(ctxWith(r, { guildId: G, userId: ID(5) }), (await import('../../src/views/social.js')).leaderboardView, { metric: 'episodes', kind: 'anime' }, 10, ID(5));
    expect(second.embeds?.[0]?.description).toContain(`▶ **#18** <@${ID(5)}>`);
  });

  it('leaves out whoever hides themselves from every board (/settings boards), and ranks the rest', async () => {
    const many = Array.from({ length: 4 }, (_, n) => mirror(ID(n), [entry(1, { progress: n })]));
    const r = new FixedReader({ [G]: many.map((m) => m.discordUserId) }, many);
    const kv = new MemoryEngine();
    await new TitlePreferences({ kv }).setBoardsHidden(ID(3), true);
    const board = await openLeaderboard(ctxWith(r, { guildId: G, userId: ID(0), kv }), 'episodes', 'anime');
    const text = board.embeds?.[0]?.description ?? '';
    expect(text).not.toContain(ID(3));
    expect(text).toContain(`**#1** <@${ID(2)}>`);
  });

  it('lists top titles with an open menu, leaving out titles not safe for work', async () => {
    const list = [0, 1, 2].map((n) => mirror(ID(n), [entry(1), entry(2, { nsfw: true })]));
    const r = new FixedReader({ [G]: list.map((m) => m.discordUserId) }, list);
    const top = await openTopTitles(ctxWith(r, { guildId: G, userId: ID(0) }), 'anime', 'completed');
    expect(top.embeds?.[0]?.title).toBe('Top anime in this server (completed)');
    const menu = JSON.stringify(top.components);
    expect(menu).toContain('"value":"a:1"');
    expect(menu).not.toContain('"value":"a:2"');
  });

  it("marks the viewer's own statuses and scores only when the viewer is a member of this server (a public reply)", async () => {
    const list = [0, 1, 2].map((n) => mirror(ID(n), [entry(1, { score: 6 }), entry(2)]));
    // The viewer joined another server only: their mirror is kept, but this server's reply shows this server only.
    const viewer = mirror(ID(9), [entry(1, { status: 'dropped', score: 2 })]);
    const r = new FixedReader({ [G]: list.map((m) => m.discordUserId), other: [ID(9)] }, [...list, viewer]);
    const outside = await openTopTitles(ctxWith(r, { guildId: G, userId: ID(9) }), 'anime', undefined);
    expect(outside.embeds?.[0]?.description).toContain('**#1** Title 1');
    expect(outside.embeds?.[0]?.description).not.toContain('you:');
    expect(r.reads).toBe(0);
    // A member here sees their own marked.
    const inside = await openTopTitles(ctxWith(r, { guildId: G, userId: ID(1) }), 'anime', undefined);
    expect(inside.embeds?.[0]?.description).toContain('✓ you: completed, 6');
  });

  it("reads the members' summaries, never a mirror", async () => {
    const r = reader();
    await openTopTitles(ctxWith(r, { guildId: G, userId: ID(0) }), 'anime', undefined);
    await openLeaderboard(ctxWith(r, { guildId: G, userId: ID(0) }), 'episodes', 'anime');
    expect(r.reads).toBe(0);
    // The top: the kept counts and the viewer's own summary; the leaderboard: the summaries.
    expect(r.summaryReads).toBe(3);
  });
});

describe("a title's rating", () => {
  const list = [0, 1, 2].map((n) => mirror(ID(n), [entry(1, { title: 'Rated by the service', nsfw: n === 2 }), entry(2, { title: 'Never rated', nsfw: true })]));
  const r = () => new FixedReader({ [G]: list.map((m) => m.discordUserId) }, list);

  it("is the service's where it is kept, whichever member's list wrote the index last", async () => {
    // The index says not safe (a member's change through the bot with no rating known); the service says white.
    const shown = await openTopTitles(ctxWith(r(), { guildId: G, ratings: { 'anime:1': 'white' } }), 'anime', undefined);
    expect(shown.embeds?.[0]?.description).toContain('Rated by the service');
    expect(JSON.stringify(shown.components)).toContain('"value":"a:1"');
    // The service says black: hidden, whatever the index says.
    const safeIndex = [0, 1, 2].map((n) => mirror(ID(n), [entry(1, { title: 'Rated by the service', nsfw: false })]));
    const hidden = await openTopTitles(ctxWith(new FixedReader({ [G]: safeIndex.map((m) => m.discordUserId) }, safeIndex), { guildId: G, ratings: { 'anime:1': 'black' } }), 'anime', undefined);
    expect(hidden.embeds?.[0]?.description).not.toContain('Rated by the service');
    expect(JSON.stringify(hidden.components)).not.toContain('"value":"a:1"');
    const members = await serverMembersView.load(ctxWith(new FixedReader({ [G]: safeIndex.map((m) => m.discordUserId) }, safeIndex), { guildId: G, ratings: { 'anime:1': 'gray' } }), { kind: 'anime', id: 1 }, 0);
    expect(members.embeds[0]?.title).not.toContain('Rated by the service');
  });

  it('not known anywhere, is not shown outside age-restricted channels, and is shown in them', async () => {
    const outside = await openTopTitles(ctxWith(r(), { guildId: G }), 'anime', undefined);
    expect(outside.embeds?.[0]?.description).not.toContain('Never rated');
    const inside = await openTopTitles(ctxWith(r(), { guildId: G, ageRestricted: true }), 'anime', undefined);
    expect(inside.embeds?.[0]?.description).toContain('Never rated');
  });
});
