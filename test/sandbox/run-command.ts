// What the sandbox tests share: running a command through the page's action layer and reading the
// answer as the user sees it in the timeline.

import { expect } from 'vitest';
import type { CommandInput } from '../../sandbox/actions.js';
import type { Place, SandboxUser } from '../../sandbox/places.js';
import type { Sandbox } from '../../sandbox/start.js';
import type { EntryView } from '../../sandbox/timeline.js';

/** Runs a command from the page and waits for its settled view as the user sees it. */
export async function runCommand(sandbox: Sandbox, where: Place, user: SandboxUser, input: CommandInput): Promise<EntryView> {
  const entry = sandbox.actions.runCommand(where, user, input);
  let view: EntryView | undefined;
  await expect
    .poll(
      () => {
        view = sandbox.timeline.view(where, user).find((e) => e.seq === entry.seq);
        const first = view?.messages[0];
        return view?.state === 'failed' || (view?.state === 'answered' && first !== undefined && !first.loading);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!view) throw new Error('no view');
  return view;
}

/** The text of a timeline entry's messages: content, embed titles and descriptions. */
export const viewText = (view: EntryView | undefined): string =>
  (view?.messages ?? []).map((m) => [m.content, ...(m.embeds as Array<{ title?: string; description?: string }>).flatMap((e) => [e.title ?? '', e.description ?? ''])].join('\n')).join('\n');
