// Shared by the server-channel reminder tests (channel-reminders-*.test.ts): the guild they run in
// (roles, channel overwrites, an age-restricted channel), a stack on a hand-moved clock with the
// season's catalogue read once, and the commands and reads the tests use.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { airingPlan, episodesBetween, type AiringFields } from '../../src/airing/air-times.js';
import type { RunningBot } from '../../src/app/bot.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { snowflake, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf, type Answer } from '../../local-stack/user-helpers.js';
import { serviceGet } from './catalogue-helpers.js';

export const START = Date.UTC(2026, 0, 8, 12, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const WEEK = 7 * 24 * HOUR;
export const ACCOUNT = { name: 'lena', password: 'lena-password' };

export const GUILD_ID = snowflake();
export const ANIME_CHANNEL = snowflake();
export const LOCKED_CHANNEL = snowflake();
export const NO_EMBEDS_CHANNEL = snowflake();
export const HIDDEN_CHANNEL = snowflake();
export const CATEGORY = snowflake();
export const ADULT_CHANNEL = snowflake();
export const WATCHERS = snowflake();
export const QUIET_ROLE = snowflake();
export const MENTIONER = snowflake();

export const MANAGER = (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
export const MEMBER = (P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();

export interface Work extends AiringFields {
  id: number;
  title: string;
  nsfw?: string;
}

type OptionValue = string | number | boolean | { type: number; value: string };

/** A file's reminder server: the stack (once started) and the helpers its tests call. */
export interface ReminderServer {
  readonly stack: Stack;
  /** The season's airing titles that are not safe for work. */
  readonly adultWorks: Work[];
  /** The server manager who sets the reminders up. */
  admin: Who;
  /** The safe-for-work title airing soonest (not in `exclude`) with three episodes to come. */
  upcoming: (exclude?: readonly number[]) => Work & { next: number; episode: number };
  inServer: (memberPermissions?: string, channelId?: string, nsfw?: boolean) => Where;
  channelCommand: (subcommand: string, options: Record<string, OptionValue>, user?: Who, where?: Where) => Promise<Answer>;
  add: (work: { id: number }, channel?: string, extra?: Record<string, OptionValue>, where?: Where) => Promise<Answer>;
  role: (id: string) => { type: number; value: string };
  tick: (bot?: RunningBot) => Promise<void>;
  posts: (channel?: string) => RecordedMessage[];
  /** How many channel follows the server has. */
  stored: () => Promise<number>;
}

/**
 * Starts the stack for the tests of the calling describe block (or file), on the clock `now` reads,
 * with the guild defined and the season's titles read; each test starts with no channel follows,
 * even when an earlier one failed half-way.
 */
export function useReminderServer(now: () => number): ReminderServer {
  let stack: Stack;
  let works: Work[] = [];
  let adultWorks: Work[] = [];
  const admin: Who = newUser('admin');

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now, users: [...DEFAULT_USERS, ACCOUNT] },
      bot: { now, reminders: { tickMs: 24 * HOUR } },
    });
    stack.discord.guilds.define({
      id: GUILD_ID,
      name: 'anime club',
      channels: [
        { id: ANIME_CHANNEL, name: 'airing' },
        { id: LOCKED_CHANNEL, name: 'announcements', overwrites: [{ id: GUILD_ID, type: 0, deny: P.SendMessages }] },
        { id: NO_EMBEDS_CHANNEL, name: 'chat', overwrites: [{ id: GUILD_ID, type: 0, deny: P.EmbedLinks }] },
        { id: HIDDEN_CHANNEL, name: 'mods', overwrites: [{ id: GUILD_ID, type: 0, deny: P.ViewChannel }] },
        { id: CATEGORY, name: 'Anime', type: 4 },
        { id: ADULT_CHANNEL, name: 'after-dark', nsfw: true },
      ],
      roles: [
        { id: WATCHERS, name: 'watchers', permissions: 0n, mentionable: true },
        { id: QUIET_ROLE, name: 'quiet', permissions: 0n, mentionable: false },
        { id: MENTIONER, name: 'mentioner', permissions: P.MentionEveryone },
      ],
      botRoles: [],
    });
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&nsfw=true&fields=broadcast,status,start_date,num_episodes,nsfw')) as {
      data: Array<{ node: Work }>;
    };
    const exact = body.data.map((d) => d.node).filter((w) => /^\d{4}-\d{2}-\d{2}$/.test(w.start_date ?? ''));
    works = exact.filter((w) => w.nsfw === 'white');
    adultWorks = exact.filter((w) => w.nsfw !== undefined && w.nsfw !== 'white' && w.status === 'currently_airing');
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async () => {
    for (const { follow } of await stack.bot.reminders.listChannels(GUILD_ID)) await stack.bot.reminders.removeChannel(GUILD_ID, follow.channelId, follow.titleId);
  });

  function upcoming(exclude: readonly number[] = []): Work & { next: number; episode: number } {
    const out: Array<Work & { next: number; episode: number }> = [];
    for (const w of works) {
      if (exclude.includes(w.id) || w.status !== 'currently_airing') continue;
      const plan = airingPlan(w);
      const eps = plan ? episodesBetween(plan, now() + 5 * MINUTE, now() + 52 * WEEK) : [];
      const first = eps[0];
      if (eps.length >= 3 && first?.episode !== undefined) out.push({ ...w, next: first.atMs, episode: first.episode });
    }
    const best = out.sort((a, b) => a.next - b.next)[0];
    if (!best) throw new Error('no airing title in the catalogue');
    return best;
  }

  const inServer = (memberPermissions = MANAGER, channelId = ANIME_CHANNEL, nsfw = false): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId, memberPermissions, nsfw });
  const channelCommand = (subcommand: string, options: Record<string, OptionValue>, user: Who = admin, where = inServer()) =>
    answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand, options, user, where }));
  return {
    get stack() {
      return stack;
    },
    get adultWorks() {
      return adultWorks;
    },
    admin,
    upcoming,
    inServer,
    channelCommand,
    add: (work, channel = ANIME_CHANNEL, extra = {}, where = inServer()) => channelCommand('add', { title: `id:${work.id}`, channel: { type: 7, value: channel }, ...extra }, admin, where),
    role: (id) => ({ type: 8, value: id }),
    tick: (bot = stack.bot) => bot.reminders.tick(),
    posts: (channel = ANIME_CHANNEL) => stack.discord.guilds.messagesIn(channel),
    stored: async () => (await stack.bot.reminders.listChannels(GUILD_ID)).length,
  };
}
