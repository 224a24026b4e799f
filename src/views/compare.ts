// /compare: how alike two joined members' tastes are, from the shared store's mirror of their lists,
// in words and in a plot of their scores.

import type { BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { Translator } from '../i18n/index.js';
import type { RenderedMessage } from '../render/limits.js';
import { compareMessage } from '../render/compare.js';
import { computeAffinity } from '../community/affinity.js';
import { mirrorMemo } from '../community/mirror-memo.js';
import type { ListKind, MemberMirror } from '../community/types.js';
import { serverOf } from '../interactions/rules.js';
import { comparePlotFile } from './compare-plot.js';

/**
 * Who a refusal is about: the viewer alone, the viewer and others, or others only (`who` names the
 * others, each through `key`: a mention or its possessive).
 */
function whoOf(t: Translator, ids: readonly string[], viewerId: string, key: 'social.who.mention' | 'social.who.possessive') {
  const others = ids.filter((id) => id !== viewerId);
  const you = others.length === ids.length ? 'other' : others.length === 0 ? 'alone' : 'with';
  return { you, who: t.list(others.map((id) => t.t(key, { id }))), count: others.length };
}

/**
 * Compares `member` with the viewer, or `member` with `other` when given. Both must have joined this
 * server's list community; the refusal names who has to run `/server join`.
 */
export async function compareMembers(ctx: BaseContext, kind: ListKind, member: string, other?: string): Promise<RenderedMessage> {
  const guildId = serverOf(ctx);
  const social = ctx.deps.social;
  const a = other === undefined ? ctx.userId : member;
  const b = other ?? member;
  if (a === b) throw new UserFacingError('social.error.sameMember', { withOther: other === undefined ? 'no' : 'yes' });
  const [aJoined, bJoined] = await Promise.all([social.isMember(guildId, a), social.isMember(guildId, b)]);
  const missing = [aJoined ? undefined : a, bJoined ? undefined : b].filter((id): id is string => id !== undefined);
  if (missing.length > 0) throw new UserFacingError('social.error.notJoined', whoOf(ctx.t, missing, ctx.userId, 'social.who.mention'));
  const memo = mirrorMemo(social);
  const [mirrorA, mirrorB] = await Promise.all([memo.mirror(a, kind), memo.mirror(b, kind)]);
  if (!mirrorA || !mirrorB) {
    const unread = [mirrorA ? undefined : a, mirrorB ? undefined : b].filter((id): id is string => id !== undefined);
    throw new UserFacingError('social.error.notRead', { ...whoOf(ctx.t, unread, ctx.userId, 'social.who.possessive'), kind });
  }
  const affinity = computeAffinity(mirrorA.entries, mirrorB.entries);
  const plot = await comparePlotFile(ctx.t, kind, mirrorA, mirrorB, affinity);
  return compareMessage(ctx.t, kind, side(mirrorA), side(mirrorB), affinity, ctx.where.ageRestricted, plot);
}

function side(m: MemberMirror) {
  return { discordUserId: m.discordUserId, serviceUser: m.serviceUser };
}
