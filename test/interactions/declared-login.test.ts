// Login is a declared rule where a subcommand or component always needs one: the router refuses the
// unlinked with the one localized error before the handler runs (no lock taken, no request made), and
// the handler is given the token (`ctx.auth`) instead of asking for it by hand.

import { describe, expect, it } from 'vitest';
import { commands, components } from '../../src/app/command-registry.js';
import { addToListHandler } from '../../commands/components/feed.js';
import { quickActionHandler, quickStatusHandler } from '../../commands/components/works.js';
import { watchedHandler } from '../../commands/components/watchparty.js';
import { FieldReader } from '../../src/interactions/custom-id.js';
import { decodeCustomId, encodeCustomId } from '../../src/render/custom-ids.js';
import type { BaseContext } from '../../src/interactions/context.js';
import { RunStep } from '../../src/interactions/run-step.js';
import { NotLoggedInError } from '../../src/interactions/user-errors.js';
import type { TokenSource } from '../../src/service/token-source.js';
import { animeSearchView, suggestionsView } from '../../src/views/browse.js';

const list = commands.find((c) => c.data.name === 'list');
const anime = commands.find((c) => c.data.name === 'anime');
const pager = components.find((c) => c.kind === 'pg');
const TOKEN = { tag: 'token' } as unknown as TokenSource;

/** A pager button's custom_id fields for `code` (the invoker and offset as the pager writes them). */
const pagerFields = (code: string) => new FieldReader(decodeCustomId(encodeCustomId('pg', [code, 'inv', 'n', 10])).fields);

/** Runs a step with the router's component rules for the pager (`linkedOf` read from the custom_id), as `auth` is or is not linked. */
async function runPager(code: string, auth: TokenSource | undefined): Promise<{ ran: boolean; auth?: TokenSource }> {
  let ran: { ran: boolean; auth?: TokenSource } = { ran: false };
  const ctx = { userId: '1', where: { place: 'guild' }, viewerAuth: async () => auth } as unknown as BaseContext;
  const step = new RunStep(undefined).work({ memberPermissions: null } as never, ctx, {
    bucket: 'command',
    rules: () => (pager?.linkedOf?.(pagerFields(code)) === true ? { linked: true } : {}),
    run: async (checked) => {
      ran = { ran: true, ...(checked.auth ? { auth: checked.auth } : {}) };
      return { content: 'page' };
    },
  });
  await step();
  return ran;
}

describe('declared login', () => {
  it.each(['anime update', 'manga update', 'anime remove', 'manga remove', 'anime import', 'manga import'])('/list %s declares it', (path) => {
    expect(list?.handlers[path]?.linked).toBe(true);
  });

  it.each([
    ['+1 on an entry', quickActionHandler],
    ['the status menu', quickStatusHandler],
    ['add to my list (feed)', addToListHandler],
    ['+1 watched (watch party)', watchedHandler],
  ] as const)('%s declares it and is registered', (_name, handler) => {
    expect(handler.linked).toBe(true);
    expect(components).toContain(handler);
  });

  it('/anime suggestions declares it, and so does its view for the shared pager button', () => {
    expect(anime?.handlers.suggestions?.linked).toBe(true);
    expect(suggestionsView.linked).toBe(true);
    expect(pager?.linkedOf?.(pagerFields(suggestionsView.code))).toBe(true);
    expect(pager?.linkedOf?.(pagerFields(animeSearchView.code))).toBe(false);
  });

  it('a suggestions pager button is refused to the unlinked before its handler, and runs with the token for the linked', async () => {
    await expect(runPager(suggestionsView.code, undefined)).rejects.toBeInstanceOf(NotLoggedInError);
    expect(await runPager(suggestionsView.code, TOKEN)).toEqual({ ran: true, auth: TOKEN });
    // Another view's pager needs no login.
    expect(await runPager(animeSearchView.code, undefined)).toEqual({ ran: true });
  });
});
