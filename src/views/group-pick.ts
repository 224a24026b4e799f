// `/server pick` and its poll: what the chosen joined members plan and none of them completed or
// dropped, from their summaries in the shared store (no request to the service); what the **Vote**
// button does (the pick put to a native Discord poll in the channel) and the **End poll** button
// (their handlers: commands/components/server.ts; the messages: src/render/group-pick.ts). Titles not
// safe for work are left out outside age-restricted channels, so they never reach a poll there either.

import { createHash } from 'node:crypto';
import { POLL_LIMITS } from '../discord-api/polls.js';
import { isLocale, translator, type Translator } from '../i18n/index.js';
import type { BaseContext, InServer } from '../interactions/context.js';
import { serverOf, type CreatorCheck } from '../interactions/rules.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { groupPickMessage, groupPollDraft, pollEndedMessage, pollOpenedMessage } from '../render/group-pick.js';
import type { RenderedMessage } from '../render/limits.js';
import { groupPick, PICK_SIZE, type PickRow } from '../group-polls/group-pick.js';
import { POLL_HOURS, type PickedTitle, type PickRecord } from '../group-polls/group-polls.js';
import type { ListKind } from '../community/types.js';
import { notSafeForWork } from './social.js';

/** How many titles past the top are named to fill places of titles left out as not safe for work. */
const NAME_BATCH = 40;

/** The chosen members (default: every joined member); a refusal names those who have not joined. */
async function chosenMembers(ctx: BaseContext, guildId: string, asked: readonly string[]): Promise<string[]> {
  const joined = await ctx.deps.social.members(guildId);
  if (asked.length === 0) {
    if (joined.length === 0) throw new UserFacingError('polls.error.noMembers');
    return joined;
  }
  const unique = [...new Set(asked)];
  const missing = unique.filter((id) => !joined.includes(id));
  if (missing.length > 0) {
    const others = missing.filter((id) => id !== ctx.userId);
    const you = others.length === missing.length ? 'other' : others.length === 0 ? 'alone' : 'with';
    throw new UserFacingError('social.error.notJoined', { you, who: ctx.t.list(others.map((id) => ctx.t.t('social.who.mention', { id }))), count: others.length });
  }
  return unique;
}

interface NamedRow extends PickRow {
  title: string;
  picture?: string;
}

/** The top titles safe for this channel, named from the title index. */
async function namedTop(ctx: BaseContext, kind: ListKind, rows: readonly PickRow[]): Promise<{ top: NamedRow[]; hidden: number }> {
  const top: NamedRow[] = [];
  let hidden = 0;
  for (let offset = 0; offset < rows.length && top.length < PICK_SIZE; offset += NAME_BATCH) {
    const batch = rows.slice(offset, offset + NAME_BATCH);
    const names = await ctx.deps.social.titleNames(kind, batch.map((r) => r.id));
    for (const row of batch) {
      if (top.length >= PICK_SIZE) break;
      const name = names.get(row.id);
      if (!ctx.where.ageRestricted && (await notSafeForWork(ctx, kind, row.id, name?.nsfw))) {
        hidden++;
        continue;
      }
      top.push({ ...row, title: name?.title || `#${row.id}`, ...(name?.picture ? { picture: name.picture } : {}) });
    }
  }
  return { top, hidden };
}

/** `/server pick`: the answer with its Vote button (the pick kept in the store for it). */
export async function openGroupPick(ctx: BaseContext, channelId: string, kind: ListKind, asked: readonly string[], hours: number = POLL_HOURS.default): Promise<RenderedMessage> {
  const guildId = serverOf(ctx);
  const members = await chosenMembers(ctx, guildId, asked);
  const summaries = (await ctx.deps.social.summaries(guildId, kind)).filter((s) => members.includes(s.discordUserId));
  const read = new Set(summaries.map((s) => s.discordUserId));
  const unread = asked.length > 0 ? members.filter((id) => !read.has(id)) : [];
  if (unread.length > 0 || summaries.length === 0) {
    const ids = unread.length > 0 ? unread : members;
    const others = ids.filter((id) => id !== ctx.userId);
    const you = others.length === ids.length ? 'other' : others.length === 0 ? 'alone' : 'with';
    throw new UserFacingError('social.error.notRead', { you, who: ctx.t.list(others.map((id) => ctx.t.t('social.who.possessive', { id }))), count: others.length, kind });
  }
  const { top, hidden } = await namedTop(ctx, kind, groupPick(kind, summaries));
  if (top.length === 0) throw new UserFacingError('polls.pick.nothing', { kind, members: summaries.length, hidden: hidden > 0 ? 'yes' : 'no' });
  const titles: PickedTitle[] = top.map((r) => ({ id: r.id, title: r.title, wanters: r.wanters.length, ...(r.picture ? { picture: r.picture } : {}) }));
  // Where the app is only installed to the user, the bot cannot post a poll here: the pick comes without Vote, saying why.
  const votable = ctx.where.botAbsent !== true;
  const pickId = votable ? await ctx.deps.polls.savePick({ guildId, channelId, kind, invokerId: ctx.userId, hours, titles }) : undefined;
  return groupPickMessage(ctx.t, { kind, members: summaries.length, lines: top, hidden, pickId, hours });
}

function localeOf(ctx: BaseContext): Translator {
  return ctx.guildLocale && isLocale(ctx.guildLocale) ? translator(ctx.guildLocale) : ctx.t;
}

/** **Vote** (by the pick's invoker or a member with Manage Events): the pick's titles as a native poll in this channel; its end is a job. */
export async function votePick(ctx: InServer<BaseContext> & { mayActAs: CreatorCheck }, pickId: string): Promise<RenderedMessage> {
  const pick: PickRecord | undefined = await ctx.deps.polls.pick(pickId);
  if (!pick || pick.guildId !== ctx.guildId) throw new UserFacingError('polls.error.pickGone');
  ctx.mayActAs(pick.invokerId);
  const serverT = localeOf(ctx);
  const answers = pick.titles.slice(0, POLL_LIMITS.answers);
  const opened = await ctx.deps.polls.open({
    pick,
    draft: groupPollDraft(serverT, pick.kind, answers, pick.hours),
    answers,
    creatorId: ctx.userId,
    locale: serverT.locale,
    nonce: createHash('sha256').update(`poll:${pickId}`).digest('base64url').slice(0, 25),
    signal: ctx.signal,
  });
  return pollOpenedMessage(ctx.t, opened.messageId, opened.endsAt, opened.repeated);
}

/** **End poll**: ends the poll now (its creator or a member with Manage Events); the result follows from the end job. */
export async function endPoll(ctx: InServer<BaseContext> & { mayActAs: CreatorCheck }, messageId: string): Promise<RenderedMessage> {
  const poll = /^\d{1,20}$/.test(messageId) ? await ctx.deps.polls.poll(messageId) : undefined;
  if (!poll || poll.guildId !== ctx.guildId) throw new UserFacingError('polls.error.pollGone');
  ctx.mayActAs(poll.creatorId);
  const outcome = await ctx.deps.polls.end(poll, ctx.signal);
  if (outcome === 'gone') throw new UserFacingError('polls.error.pollGone');
  return pollEndedMessage(ctx.t, outcome === 'already');
}
