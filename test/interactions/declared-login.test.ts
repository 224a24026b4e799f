// Login is a declared rule where a subcommand or component always needs one: the router refuses the
// unlinked with the one localized error before the handler runs (no lock taken, no request made), and
// the handler is given the token (`ctx.auth`) instead of asking for it by hand.

import { describe, expect, it } from 'vitest';
import { commands, components } from '../../src/app/command-registry.js';
import { addToListHandler } from '../../src/views/activity-feed.js';
import { quickActionHandler, quickStatusHandler } from '../../src/views/details.js';
import { watchedHandler } from '../../src/views/watch-party-actions.js';

const list = commands.find((c) => c.data.name === 'list');

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
});
