// /compare: how alike two joined members' tastes are, from the shared store's mirror of their lists.

import type { BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { compareEmbed } from '../render/social.js';
import { computeAffinity } from '../social/affinity.js';
import { mirrorMemo } from '../social/mirror-memo.js';
import type { ListKind, MemberMirror } from '../social/types.js';
import { serverOnly } from './social.js';

function snowflake(value: string): string {
  if (!/^\d{1,21}$/.test(value)) throw new UserFacingError('Invalid option', 'The member option is not valid.');
  return value;
}

/**
 * Compares `member` with the viewer, or `member` with `other` when given. Both must have joined this
 * server's list community; the refusal names who has to run `/server join`.
 */
export async function compareMembers(ctx: BaseContext, kind: ListKind, member: string, other?: string): Promise<RenderedMessage> {
  const guildId = serverOnly(ctx, 'Comparing tastes');
  const social = ctx.deps.social;
  const a = other === undefined ? ctx.userId : snowflake(member);
  const b = snowflake(other ?? member);
  if (a === b) throw new UserFacingError('Pick someone else', other === undefined ? 'Compare yourself with another member.' : 'Pick two different members.');
  const [aJoined, bJoined] = await Promise.all([social.isMember(guildId, a), social.isMember(guildId, b)]);
  const missing = [aJoined ? undefined : a, bJoined ? undefined : b].filter((id): id is string => id !== undefined);
  if (missing.length > 0) {
    const who = missing.map((id) => (id === ctx.userId ? 'you' : `<@${id}>`));
    const verb = missing.length === 1 && missing[0] !== ctx.userId ? 'has' : 'have';
    throw new UserFacingError(
      'Not joined here',
      `${capitalize(who.join(' and '))} ${verb} not joined this server's list community. Run \`/server join\` in this server first to be compared.`,
    );
  }
  const memo = mirrorMemo(social);
  const [mirrorA, mirrorB] = await Promise.all([memo.mirror(a, kind), memo.mirror(b, kind)]);
  if (!mirrorA || !mirrorB) {
    const who = [mirrorA ? undefined : a, mirrorB ? undefined : b].filter((id): id is string => id !== undefined).map((id) => (id === ctx.userId ? 'your' : `<@${id}>'s`));
    throw new UserFacingError('List not read yet', `${capitalize(who.join(' and '))} ${kind} list has not been read yet. Try again in a few minutes.`);
  }
  return { embeds: [compareEmbed(kind, side(mirrorA), side(mirrorB), computeAffinity(mirrorA.entries, mirrorB.entries), ctx.where.ageRestricted)] };
}

function side(m: MemberMirror) {
  return { discordUserId: m.discordUserId, serviceUser: m.serviceUser };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
