import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { BaseContext, BotDeps } from '../../src/interactions/context.js';
import { ENGLISH, translator, type Translator } from '../../src/i18n/index.js';
import { LOCALES } from '../../src/i18n/locales.js';
import { finalizeMessage } from '../../src/render/limits.js';
import type { Page } from '../../src/service/common-types.js';
import type { ListItem, WorkKind } from '../../src/service/kinds.js';
import type { TokenSource } from '../../src/service/token-source.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { RecapStore } from '../../src/store/recaps.js';
import { renderWrapped, wrappedCommand, WRAPPED_PAGE } from '../../src/views/wrapped.js';
import type { CommandContext } from '../../src/interactions/context.js';
import type { MemberSums, MemberYear } from '../../src/community/types.js';
import { SERVICE_USER_NAME_MAX } from '../../src/interactions/option-limits.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';
import { emptyYearRead, type YearRead } from '../../src/community/wrapped-year.js';

/** A list of `size` entries; every third completed in 2024 (one of them not safe for work), the rest planned. */
function list(size: number): ListItem<'anime'>[] {
  return Array.from({ length: size }, (_, i) => {
    const id = i + 1;
    const done = id % 3 === 0;
    return {
      node: {
        id,
        title: id === 3 ? 'Secret Title' : `Title ${id}`,
        main_picture: { medium: `https://cdn.example.test/${id}.jpg` },
        nsfw: id === 3 ? 'black' : 'white',
        mean: 7 + (id % 20) / 10,
        popularity: id,
        num_episodes: 12,
        average_episode_duration: 1_440,
        genres: [{ id: 1, name: id % 2 === 0 ? 'Drama' : 'Comedy' }],
        studios: [{ id: 1, name: 'Bones' }],
        start_season: { year: 2023, season: 'fall' },
      },
      list_status: done
        ? { status: 'completed', score: id === 3 ? 10 : 1 + (id % 9), num_episodes_watched: 12, finish_date: `2024-${String(1 + (id % 12)).padStart(2, '0')}-00`, updated_at: '2024-12-01T00:00:00Z' }
        : { status: 'plan_to_watch', score: 0, num_episodes_watched: 0, updated_at: '2024-12-01T00:00:00Z' },
    };
  });
}

interface Setup {
  t?: Translator;
  size?: number;
  ageRestricted?: boolean;
  guildId?: string;
  userId?: string;
  store?: RecapStore;
  sums?: MemberSums[];
  /** The members' yearly sums (the standing reads them), per year asked. */
  years?: (year: number) => MemberYear[];
  /** The service account the caller is linked to (asked each time). */
  account?: string | (() => string | undefined);
}

function setup(o: Setup = {}) {
  const entries = list(o.size ?? 2_500);
  const calls: string[] = [];
  const coverUrls: string[] = [];
  const service = {
    userList: async (kind: WorkKind, user: string, options: { limit: number; offset: number; fields?: string }) => {
      calls.push(`list ${kind} ${user} offset=${options.offset}`);
      const data = entries.slice(options.offset, options.offset + options.limit);
      const more = options.offset + options.limit < entries.length;
      return { data, paging: more ? { next: 'https://api.example.test/next' } : {} } as Page<ListItem<WorkKind>>;
    },
  };
  const deps = {
    service,
    now: () => Date.UTC(2024, 11, 20),
    recaps: o.store ?? new RecapStore(new MemoryEngine()),
    locks: { run: <T>(_name: string, _o: unknown, fn: () => Promise<T>) => fn() },
    covers: {
      covers: async (urls: readonly (string | undefined)[]) => {
        coverUrls.push(...urls.filter((u): u is string => u !== undefined));
        return urls.map(() => undefined);
      },
    },
    social: { memberSums: async () => o.sums ?? [], yearSums: async (_g: string, _k: string, year: number) => o.years?.(year) ?? [] },
    accounts: { linkedAs: async () => (typeof o.account === 'function' ? o.account() : (o.account ?? 'me')) },
  } as unknown as BotDeps;
  const ctx: BaseContext = {
    userId: o.userId ?? '1100000000000000001',
    t: o.t ?? ENGLISH,
    ...(o.guildId !== undefined ? { guildId: o.guildId } : {}),
    where: { place: o.guildId ? 'guild' : 'bot_dm', ageRestricted: o.ageRestricted ?? false } as BaseContext['where'],
    deps,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 10_000,
    budgetEndsAt: () => Date.now() + 10_000,
    viewerAuth: async () => undefined,
    requireAuth: async () => ({}) as TokenSource,
  };
  return { ctx, calls, coverUrls };
}

const request = { kind: 'anime' as const, year: 2024, user: 'alice', private: false };

describe('/wrapped: the year in pictures', () => {
  it('reads the whole list once per 1 000 entries and answers with four pictures, each with alt text', async () => {
    const s = setup({ size: 2_500 });
    const shown: string[] = [];
    const answer = await renderWrapped(s.ctx, request, { progress: (message) => shown.push(message.content ?? '') });
    // A list of more than one read says so at once (the clock does not move here: no later progress).
    expect(shown).toEqual(['Reading alice’s 2024 in anime: 1,000 entries so far. The cards follow here when they are ready.']);
    expect(s.calls).toEqual(['list anime alice offset=0', `list anime alice offset=${WRAPPED_PAGE}`, `list anime alice offset=${2 * WRAPPED_PAGE}`]);
    const files = answer.files ?? [];
    expect(files.map((f) => f.name.replace(/\.(png|webp)$/, ''))).toEqual(['wrapped-anime-2024-numbers', 'wrapped-anime-2024-top', 'wrapped-anime-2024-taste', 'wrapped-anime-2024-highlights']);
    // Discord's limits for one message hold (names, alt text, sizes).
    expect(() => finalizeMessage(answer)).not.toThrow();
    for (const file of files) {
      expect(file.description.length).toBeGreaterThan(20);
      expect((await loadImage(file.data)).width).toBeGreaterThan(300);
    }
    expect(files[0]?.description).toMatch(/^alice’s 2024 in anime, the year in numbers: Titles completed 833, Episodes watched 9,996, Hours they take 3,998, Titles started 0, Titles dropped 0\./);
    expect(files[0]?.description).toContain('Dated by finish date: 833; by when the bot saw it completed: 0; by last update: 0.');
    // Outside an age-restricted channel, studios and genres leave out the title not safe for work, and say so.
    expect(files[2]?.description).toContain('studios Bones 832');
    expect(files[2]?.description).toContain('Genres and studios leave out 1 title not safe for work; the months count everything.');
    expect(answer.components ?? []).toEqual([]);
    expect(answer.ephemeral).toBeUndefined();
  });

  it('titles not safe for work are counted but never named, nor their covers fetched, outside age-restricted channels', async () => {
    const s = setup({ size: 30 });
    const answer = await renderWrapped(s.ctx, request);
    const alts = (answer.files ?? []).map((f) => f.description).join('\n');
    expect(alts).not.toContain('Secret Title');
    expect(alts).toContain('1 title not safe for work is counted but not shown');
    expect(s.coverUrls).not.toContain('https://cdn.example.test/3.jpg');
    // Its 10 would have made it the top title and the gem.
    const open = setup({ size: 30, ageRestricted: true });
    const restricted = await renderWrapped(open.ctx, request);
    expect(restricted.files?.[1]?.description).toMatch(/top titles: Secret Title, your score 10;/);
    expect(open.coverUrls).toContain('https://cdn.example.test/3.jpg');
  });

  it('a computed year is kept: a second look, Share and other people asking read nothing', async () => {
    const store = new RecapStore(new MemoryEngine());
    const first = setup({ store, size: 1_200 });
    await renderWrapped(first.ctx, request);
    expect(first.calls).toHaveLength(2);
    const again = setup({ store, size: 1_200, userId: '1100000000000000002' });
    const answer = await renderWrapped(again.ctx, { ...request, user: 'ALICE' });
    expect(again.calls).toEqual([]);
    expect(answer.files).toHaveLength(4);
    // Another year, or one's own list (read with one's login, kept apart), is read anew.
    const own = setup({ store, size: 1_200 });
    await renderWrapped(own.ctx, { ...request, user: undefined });
    expect(own.calls).toEqual(['list anime @me offset=0', `list anime @me offset=${WRAPPED_PAGE}`]);
    const other = setup({ store, size: 10 });
    await renderWrapped(other.ctx, { ...request, year: 2023 });
    expect(other.calls).toHaveLength(1);
  });

  it('one’s own year is kept per linked account: after /logout and a link to another account, that account’s list is read', async () => {
    const store = new RecapStore(new MemoryEngine());
    const own = { ...request, user: undefined };
    const first = setup({ store, size: 30, account: 'wren' });
    await renderWrapped(first.ctx, own);
    expect(first.calls).toHaveLength(1);
    const same = setup({ store, size: 30, account: 'wren' });
    await renderWrapped(same.ctx, own);
    expect(same.calls).toEqual([]);
    // Linked to another account now (same Discord id): its own list is read, and Share shows that one.
    const relinked = setup({ store, size: 6, account: 'kestrel' });
    const answer = await renderWrapped(relinked.ctx, own);
    expect(relinked.calls).toEqual(['list anime @me offset=0']);
    expect(answer.files?.[0]?.description).toContain('Titles completed 2,');
  });

  it('one’s own year read while "forget me" (or /logout) runs is not kept', async () => {
    const kv = new MemoryEngine();
    let linked: string | undefined = 'wren';
    const s = setup({ store: new RecapStore(kv), size: 30, account: () => linked });
    const read = s.ctx.deps.service.userList.bind(s.ctx.deps.service);
    // Forgotten while the list is read (the account first, then the years).
    s.ctx.deps.service.userList = (async (...args: Parameters<typeof read>) => {
      const page = await read(...args);
      linked = undefined;
      await kv.delete((await kv.keys('recap:me:'))[0] ?? 'none');
      return page;
    }) as typeof read;
    await renderWrapped(s.ctx, { ...request, user: undefined });
    expect(await kv.keys('recap:')).toEqual([]);
  });

  it('the command hands the rest of a list over to background work when it would not fit its wait, and says so', async () => {
    const s = setup({ size: 2_500 });
    const handed: { offset: number; entries: number }[] = [];
    const background = { handOver: async (_ctx: unknown, _r: unknown, from: { offset: number; read: { entries: number } }) => void handed.push({ offset: from.offset, entries: from.read.entries }) };
    const ctx = { ...s.ctx, deps: { ...s.ctx.deps, wrappedBackground: background }, deadlineAt: Date.now() + 31_000, budgetEndsAt: () => Date.now() + 1_000, progress: () => undefined } as unknown as CommandContext;
    const answer = await wrappedCommand(ctx, request);
    expect(s.calls).toEqual(['list anime alice offset=0']);
    expect(handed).toEqual([{ offset: WRAPPED_PAGE, entries: WRAPPED_PAGE }]);
    expect(answer.files).toBeUndefined();
    expect(answer.content).toBe('alice’s 2024 in anime: a long list (1,000 entries read so far). The rest is read in the background; the cards take the place of this message when they are ready.');
    // With time enough, or a list of one read, everything is read at once.
    const roomy = setup({ size: 2_500 });
    const whole = await wrappedCommand({ ...roomy.ctx, deps: { ...roomy.ctx.deps, wrappedBackground: background }, deadlineAt: Date.now() + 60_000, budgetEndsAt: () => Date.now() + 60_000, progress: () => undefined } as unknown as CommandContext, request);
    expect(roomy.calls).toHaveLength(3);
    expect(whole.files).toHaveLength(4);
    expect(handed).toHaveLength(1);
  });

  it('a list handed over to background work is not read again while the job runs: later askers are told it is being read', async () => {
    const store = new RecapStore(new MemoryEngine());
    const handed: { offset: number; read: YearRead }[] = [];
    const background = { handOver: async (_ctx: unknown, _r: unknown, from: { offset: number; read: YearRead }) => void handed.push(from) };
    const command = (userId: string) => {
      const s = setup({ store, size: 2_500, userId });
      const ctx = { ...s.ctx, deps: { ...s.ctx.deps, wrappedBackground: background }, budgetEndsAt: () => Date.now() + 1_000, progress: () => undefined } as unknown as CommandContext;
      return { s, ask: () => wrappedCommand(ctx, request) };
    };
    const first = command('1100000000000000001');
    await first.ask();
    expect(first.s.calls).toEqual(['list anime alice offset=0']);
    // A double click, and someone else asking for the same list: no read, no second job, a clear answer.
    for (const userId of ['1100000000000000001', '1100000000000000002']) {
      const later = command(userId);
      const error = await later.ask().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(UserFacingError);
      expect((error as UserFacingError).told(ENGLISH).text).toBe('alice’s 2024 in anime is being read in the background for an earlier ask; its cards follow on that answer. Ask again in a minute or two to get them here.');
      expect(later.s.calls).toEqual([]);
    }
    expect(handed).toHaveLength(1);
    // The job reads on from where the command stopped; then the year is kept and the mark gone.
    const job = setup({ store, size: 2_500 });
    const from = handed[0];
    if (!from) throw new Error('nothing handed over');
    await renderWrapped(job.ctx, request, { from });
    expect(job.calls).toEqual([`list anime alice offset=${WRAPPED_PAGE}`, `list anime alice offset=${2 * WRAPPED_PAGE}`]);
    const after = command('1100000000000000002');
    expect((await after.ask()).files).toHaveLength(4);
    expect(after.s.calls).toEqual([]);
  });

  it('a job that fails ends the mark: the next asker reads the list', async () => {
    const store = new RecapStore(new MemoryEngine());
    await store.markPending({ user: 'alice' }, 'anime', 2024, 60_000);
    const job = setup({ store, size: 30 });
    job.ctx.deps.service.userList = async () => {
      throw new Error('the list went private');
    };
    await expect(renderWrapped(job.ctx, request, { from: { offset: 0, read: emptyYearRead() } })).rejects.toThrow('the list went private');
    expect(await store.pending({ user: 'alice' }, 'anime', 2024)).toBe(false);
  });

  it('a private answer is ephemeral with a Share button naming its owner', async () => {
    const s = setup({ size: 30 });
    const shown: string[] = [];
    const answer = await renderWrapped(s.ctx, { ...request, private: true }, { progress: (message) => shown.push(message.content ?? '') });
    // One read: no progress.
    expect(shown).toEqual([]);
    expect(answer.ephemeral).toBe(true);
    const button = (answer.components?.[0] as { components: { custom_id: string; label: string }[] }).components[0];
    expect(button?.label).toBe('Share');
    expect(button?.custom_id).toMatch(/^wrs\|[0-9a-z]+\|anime\|2024\|alice$/);
    // At the longest user name and Discord id, Share's state fits a custom_id (encoding would throw).
    const longest = setup({ size: 30, userId: '18446744073709551615' });
    const long = await renderWrapped(longest.ctx, { ...request, kind: 'anime', user: 'u'.repeat(SERVICE_USER_NAME_MAX), private: true });
    expect(JSON.stringify(long.components)).toContain('u'.repeat(SERVICE_USER_NAME_MAX));
  });

  it('a year without completions is one friendly card with what is planned instead', async () => {
    const s = setup({ size: 10 });
    const answer = await renderWrapped(s.ctx, { ...request, year: 2020 });
    expect(answer.files).toHaveLength(1);
    expect(answer.files?.[0]?.name).toMatch(/^wrapped-anime-2020-empty\./);
    expect(answer.files?.[0]?.description).toMatch(/^alice’s 2020 in anime: nothing finished in 2020\. Planned instead: 7 titles\. Title \d+/);
  });

  it('in a server whose community you joined, the first card says where you stand that year (yearly sums only), in your language', async () => {
    const me = '1100000000000000001';
    const year = (id: string, completed: number): MemberYear => ({
      discordUserId: id,
      since: 0,
      sums: { year: 2024, progress: 0, titles: [], started: 0, dropped: [], completed: Array.from({ length: completed }, (_, i) => ({ id: i + 1, score: 0 })) },
    });
    // All-time sums say otherwise (everyone above the caller): the year's sums decide.
    const allTime = (id: string) => ({ discordUserId: id, completed: id === me ? 0 : 500 }) as MemberSums;
    const asked: number[] = [];
    const years = (y: number) => {
      asked.push(y);
      return [year(me, 50), year('2', 10), year('3', 49), year('4', 80), year('5', 20)];
    };
    const s = setup({ size: 30, guildId: '900', t: translator('de'), sums: [allTime(me), allTime('2')], years });
    const answer = await renderWrapped(s.ctx, { ...request, user: undefined });
    expect(asked).toEqual([2024]);
    expect(answer.files?.[0]?.description).toMatch(/^Dein 2024 in Anime, das Jahr in Zahlen: /);
    expect(answer.files?.[0]?.description).toMatch(/2024 hast du mehr Titel abgeschlossen als 75\s% der 4 anderen Personen/);
    // Someone else's list: no standing.
    const other = setup({ size: 30, guildId: '900', years: () => [year(me, 50), year('2', 10)] });
    expect((await renderWrapped(other.ctx, request)).files?.[0]?.description).not.toContain('community');
  });

  it('draws every card in each of the six languages, each alt text in that language', async () => {
    const english = (await renderWrapped(setup({ size: 30 }).ctx, request)).files?.map((f) => f.description) ?? [];
    expect(english).toHaveLength(4);
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const answer = await renderWrapped(setup({ size: 30, t: translator(locale) }).ctx, request);
      const alts = answer.files?.map((f) => f.description) ?? [];
      expect(alts, locale).toHaveLength(4);
      alts.forEach((alt, i) => expect(alt, `${locale} card ${i}`).not.toBe(english[i]));
    }
  });
});
