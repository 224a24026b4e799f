// What the bot sends the service, across every command that reads a list. The real service
// answers 10 items when `limit` is missing (the spec says 100), so the bot must always send it;
// the emulator follows the spec, so only this check would notice a missing `limit`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM, GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import type { CommandSpec } from '../../fake-discord/index.js';

const LIST_ENDPOINTS = [
  /^\/v2\/anime$/,
  /^\/v2\/manga$/,
  /^\/v2\/anime\/ranking$/,
  /^\/v2\/manga\/ranking$/,
  /^\/v2\/anime\/season\/\d+\/\w+$/,
  /^\/v2\/anime\/suggestions$/,
  /^\/v2\/users\/[^/]+\/(anime|manga)list$/,
  /^\/v2\/forum\/topics$/,
  /^\/v2\/forum\/topic\/\d+$/,
];

describe('requests to the service', () => {
  let stack: Stack;
  const alice = newUser('alice');

  beforeAll(async () => {
    stack = await startStack();
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('always carry a limit, every list endpoint included', async () => {
    const commands: Array<Omit<CommandSpec, 'user' | 'where'>> = [
      { name: 'anime', subcommand: 'search', options: { query: 'Hokuto' } },
      { name: 'manga', subcommand: 'search', options: { query: 'Berserk' } },
      { name: 'anime', subcommand: 'ranking', options: { type: 'airing' } },
      { name: 'manga', subcommand: 'ranking', options: { type: 'manga' } },
      { name: 'anime', subcommand: 'season', options: { year: 2020, season: 'fall' } },
      { name: 'anime', subcommand: 'suggestions' },
      { name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'bob' } },
      { name: 'list', subcommandGroup: 'manga', subcommand: 'view' },
      { name: 'forum', subcommand: 'topics', options: { query: 'JoJo opening' } },
      { name: 'forum', subcommand: 'topic', options: { id: 1877721 } },
      { name: 'anime', subcommand: 'info', options: { title: 'Hokuto no Ken' } },
    ];
    const before = stack.emulator.requestLog.length;
    for (const spec of commands) {
      const handle = stack.command({ ...spec, user: alice, where: spec.name === 'list' ? DM : GUILD });
      await handle.settled();
      expect(handle.errors()).toEqual([]);
    }
    const lists = stack.emulator.requestLog.slice(before).filter((r) => LIST_ENDPOINTS.some((p) => p.test(r.path)));
    // Every endpoint above was reached, so the check below covers them all.
    for (const pattern of LIST_ENDPOINTS) expect(lists.some((r) => pattern.test(r.path)), String(pattern)).toBe(true);
    for (const request of lists) {
      expect(request.query.limit, `${request.path} without limit`).toMatch(/^\d+$/);
      expect(Number(request.query.limit)).toBeGreaterThan(0);
      expect(Number(request.query.limit)).toBeLessThanOrEqual(100);
      expect(request.status).toBe(200);
    }
  });
});
