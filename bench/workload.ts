// A deterministic mix of interactions like a busy server produces: commands, pager clicks (by the
// invoker and by others), select menus and autocompletes, from many users, guilds, channels and DMs.

import { newUser, type Stack } from '../local-stack/harness.js';
import { snowflake, type CommandSpec, type RecordedMessage, type Where, type Who } from '../fake-discord/index.js';
import { ANIME_RANKING_TYPES, MANGA_RANKING_TYPES, SEASONS } from '../src/service/work-types.js';
import type { CatalogueSample } from './catalogue-sample.js';
import { nextButton, openSelect, timeAutocomplete, timeMessage } from './interactions.js';
import { Prng } from '../emulator/prng.js';
import { FORUM_QUERY_MAX } from '../src/interactions/option-limits.js';

/** The same seed gives the same mix on every run. */
function seededRandom(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

const POOL_SIZE = 40;
const GUILDS = 30;

interface Pooled {
  message: RecordedMessage;
  user: Who;
}

export interface WorkloadStats {
  done: number;
  problems: number;
  failures: number;
  firstProblems: string[];
  byKind: Record<string, number>;
}

/** One interaction of the mix, as a function that runs it and returns a problem, if any. */
type Step = { kind: string; run: () => Promise<string | undefined> };

export class Workload {
  private readonly random = seededRandom(20240501);
  private readonly pool: Pooled[] = [];
  private readonly guilds = Array.from({ length: GUILDS }, () => snowflake());
  private counter = 0;
  readonly stats: WorkloadStats = { done: 0, problems: 0, failures: 0, firstProblems: [], byKind: {} };

  constructor(
    private readonly stack: Stack,
    private readonly sample: CatalogueSample,
    /** Discord users already linked to a service account (their commands use their tokens). */
    private readonly linked: readonly Who[] = [],
  ) {}

  private pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.random() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A guild channel (often a channel never seen before), sometimes age-restricted, or a DM. */
  private where(): Where {
    const r = this.random();
    if (r < 0.2) return { kind: 'dm' };
    const guildId = this.pick(this.guilds);
    const channelId = r < 0.6 ? snowflake() : `${guildId.slice(0, -1)}${Math.floor(this.random() * 10)}`;
    return { kind: 'guild', guildId, channelId, nsfw: this.random() < 0.1 };
  }

  private keep(entry: Pooled): void {
    if (!nextButton(entry.message) && !openSelect(entry.message)) return;
    if (this.pool.length >= POOL_SIZE) this.pool.splice(Math.floor(this.random() * this.pool.length), 1);
    this.pool.push(entry);
  }

  private command(spec: Omit<CommandSpec, 'user' | 'where'>, pool: boolean, as?: Who): () => Promise<string | undefined> {
    const user = as ?? newUser('bench');
    const where = this.where();
    const install = where.kind === 'dm' && this.random() < 0.3 ? 'user' : undefined;
    return async () => {
      const t = await timeMessage(() => this.stack.command({ ...spec, user, where, ...(install ? { install } : {}) }), false);
      if (pool && !t.handle.ephemeral()) this.keep({ message: t.message, user });
      return t.problem;
    };
  }

  /** The next interaction of the mix, as a function that runs it and returns a problem, if any. */
  next(): Step {
    const i = this.counter++;
    const r = this.random();
    const s = this.sample;
    if (r < 0.18) {
      const anime = this.random() < 0.7;
      const work = anime ? s.anime[i % s.anime.length] : s.manga[i % s.manga.length];
      return { kind: 'info', run: this.command({ name: anime ? 'anime' : 'manga', subcommand: 'info', options: { title: `id:${work?.id ?? 1}` } }, false) };
    }
    if (r < 0.3) {
      const query = this.pick(s.queries);
      return { kind: 'search', run: this.command({ name: this.random() < 0.7 ? 'anime' : 'manga', subcommand: 'search', options: { query } }, true) };
    }
    if (r < 0.45) {
      const value = this.pick(s.typed);
      const name = this.random() < 0.7 ? 'anime' : 'manga';
      const user = newUser('bench');
      const where = this.where();
      return {
        kind: 'autocomplete',
        run: async () => (await timeAutocomplete(() => this.stack.autocomplete({ name, subcommand: 'info', focused: 'title', value, where, user }))).problem,
      };
    }
    const pooled = this.pool.length > 0 && r < 0.72 ? this.pick(this.pool) : undefined;
    const step = pooled ? this.onPooled(pooled, r) : undefined;
    if (step) return step;
    if (r < 0.86) return this.browsing();
    if (r < 0.91) return this.forum();
    return this.accountCommand();
  }

  /** A pager click, a click by another user or a select on a kept message (undefined when it has none of these). */
  private onPooled(pooled: Pooled, r: number): Step | undefined {
    if (r < 0.62) {
      const id = nextButton(pooled.message);
      if (id) {
        return {
          kind: 'pager click',
          run: async () => {
            const t = await timeMessage(() => this.stack.click(pooled.message, id, pooled.user), false);
            pooled.message = t.message;
            return t.problem;
          },
        };
      }
    }
    if (r < 0.67) {
      const id = nextButton(pooled.message) ?? openSelect(pooled.message)?.customId;
      const intruder = newUser('bench');
      if (id?.startsWith('pg|')) {
        return { kind: 'click by another user', run: async () => (await timeMessage(() => this.stack.click(pooled.message, id, intruder), false)).problem };
      }
    }
    if (r < 0.72) {
      const select = openSelect(pooled.message);
      if (select) {
        return {
          kind: 'select',
          run: async () => (await timeMessage(() => this.stack.select(pooled.message, select.customId, [select.value], pooled.user), false)).problem,
        };
      }
    }
    return undefined;
  }

  /** A ranking or a season. */
  private browsing(): Step {
    const choice = this.random();
    if (choice < 0.45) return { kind: 'ranking', run: this.command({ name: 'anime', subcommand: 'ranking', options: { type: this.pick(ANIME_RANKING_TYPES) } }, true) };
    if (choice < 0.7) return { kind: 'ranking', run: this.command({ name: 'manga', subcommand: 'ranking', options: { type: this.pick(MANGA_RANKING_TYPES) } }, true) };
    const year = 1995 + Math.floor(this.random() * 31);
    return { kind: 'season', run: this.command({ name: 'anime', subcommand: 'season', options: { year, season: this.pick(SEASONS) } }, true) };
  }

  /** The forum's boards, a topic or a topic search. */
  private forum(): Step {
    const s = this.sample;
    const choice = this.random();
    if (choice < 0.3) return { kind: 'forum', run: this.command({ name: 'forum', subcommand: 'boards' }, true) };
    if (choice < 0.6) return { kind: 'forum', run: this.command({ name: 'forum', subcommand: 'topic', options: { id: 1877721 } }, true) };
    // Forum queries are shorter than catalogue searches (the option allows FORUM_QUERY_MAX characters).
    const query = this.pick(s.queries).slice(0, FORUM_QUERY_MAX).trim();
    return { kind: 'forum', run: this.command({ name: 'forum', subcommand: 'topics', options: { query } }, true) };
  }

  /** A linked user's own commands, a command needing a login by someone not logged in, or someone's list. */
  private accountCommand(): Step {
    const choice = this.random();
    const linked = this.linked.length > 0 ? this.pick(this.linked) : undefined;
    if (linked && choice < 0.3) {
      const spec: Omit<CommandSpec, 'user' | 'where'> =
        choice < 0.12
          ? { name: 'list', subcommandGroup: this.random() < 0.6 ? 'anime' : 'manga', subcommand: 'view' }
          : choice < 0.2
            ? { name: 'anime', subcommand: 'suggestions' }
            : { name: 'profile' };
      return { kind: 'as a linked user', run: this.command(spec, true, linked) };
    }
    if (choice < 0.45) {
      return { kind: 'not logged in', run: this.command(this.random() < 0.5 ? { name: 'login' } : { name: 'profile' }, false) };
    }
    const user = this.random() < 0.6 ? 'alice' : 'bob';
    return { kind: 'list view', run: this.command({ name: 'list', subcommandGroup: this.random() < 0.6 ? 'anime' : 'manga', subcommand: 'view', options: { user } }, true) };
  }

  /**
   * Interactions that each ask for something new (every work's details, distinct searches and typed
   * texts), enough to fill the bot's bounded caches, so later growth is not just caches filling up.
   */
  fillers(): Array<{ kind: string; run: () => Promise<string | undefined> }> {
    const s = this.sample;
    const out: Array<{ kind: string; run: () => Promise<string | undefined> }> = [];
    for (const [name, works] of [['anime', s.anime], ['manga', s.manga]] as const) {
      for (const w of works) out.push({ kind: 'info', run: this.command({ name, subcommand: 'info', options: { title: `id:${w.id}` } }, false) });
    }
    for (const query of s.queries.slice(0, 400)) {
      out.push({ kind: 'search', run: this.command({ name: 'anime', subcommand: 'search', options: { query } }, true) });
    }
    for (const value of s.typed.slice(0, 550)) {
      const user = newUser('bench');
      const where = this.where();
      out.push({
        kind: 'autocomplete',
        run: async () => (await timeAutocomplete(() => this.stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value, where, user }))).problem,
      });
    }
    return out;
  }

  /** `/anime info` by linked users: called with their tokens, so never answered from the response cache. */
  linkedInfo(count: number): Array<{ kind: string; run: () => Promise<string | undefined> }> {
    if (this.linked.length === 0) throw new Error('no linked users');
    return Array.from({ length: count }, (_, i) => {
      const work = this.sample.anime[i % this.sample.anime.length];
      const user = this.linked[i % this.linked.length] ?? this.pick(this.linked);
      return { kind: 'linked info (deferred)', run: this.command({ name: 'anime', subcommand: 'info', options: { title: `id:${work?.id ?? 1}` } }, false, user) };
    });
  }

  /** Runs `count` interactions of the mix (or the given list) with `concurrency` in flight. */
  async run(work: number | Array<{ kind: string; run: () => Promise<string | undefined> }>, concurrency: number): Promise<void> {
    const count = typeof work === 'number' ? work : work.length;
    let started = 0;
    const worker = async (): Promise<void> => {
      while (started < count) {
        const { kind, run } = typeof work === 'number' ? this.next() : (work[started] ?? this.next());
        started++;
        let problem: string | undefined;
        try {
          problem = await run();
        } catch (error) {
          this.stats.failures++;
          problem = error instanceof Error ? error.message.slice(0, 300) : String(error);
        }
        this.stats.done++;
        this.stats.byKind[kind] = (this.stats.byKind[kind] ?? 0) + 1;
        if (problem) {
          this.stats.problems++;
          if (this.stats.firstProblems.length < 5) this.stats.firstProblems.push(`${kind}: ${problem}`);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, () => worker()));
  }
}
