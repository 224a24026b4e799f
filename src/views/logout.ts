// /logout (unlink the account, delete its tokens) and the "forget me" button under its answer: one
// store operation that deletes every kind of record about the clicker. The answers are built in
// src/render/logout.ts; the button's handler is in commands/components/logout.ts.

import type { BaseContext, CommandContext } from '../interactions/context.js';
import type { RenderedMessage } from '../render/limits.js';
import { forgetMeId, forgottenMessage, logoutMessage } from '../render/logout.js';

/** Unlinks the caller's account and deletes its tokens; the answer offers to forget everything else. */
export async function logOut(ctx: CommandContext): Promise<RenderedMessage> {
  const name = await ctx.deps.accounts.linkedAs(ctx.userId);
  const existed = await ctx.deps.accounts.logout(ctx.userId);
  // A member of a server's list community is told once, here, what becomes of their shown lists.
  const shown = existed ? await ctx.deps.social.mirror(ctx.userId, 'anime').catch(() => undefined) : undefined;
  return logoutMessage(ctx.t, { existed, name, staleUntil: shown?.staleUntil }, forgetMeId(ctx.userId));
}

/** The "forget me" button under /logout: one store operation that deletes every kind of record about the clicker. */
export async function forgetMe(ctx: BaseContext): Promise<RenderedMessage> {
  return forgottenMessage(ctx.t, await ctx.deps.accounts.forget(ctx.userId));
}
