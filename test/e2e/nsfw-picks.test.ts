// Nothing that is not safe for work enters a pick shown outside age-restricted channels, or an event:
// /anime random from a plan list holding a safe and a not-safe-for-work title picks only the safe one
// outside an age-restricted channel (Another included) and both inside one; /watchparty create and the
// poll result's "Plan a watch party" refuse such a title everywhere (a server's events are seen by all).
// (The poll's answers and its result: test/e2e/server-pick.test.ts.)

import { PermissionFlagsBits as P, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { snowflake, type Where } from '../../fake-discord/index.js';
import { CLIENT_ID, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { buttonLabelled } from './catalogue-helpers.js';

const ACCOUNT = { name: 'nsfwpick', password: 'nsfwpick-password' };
const EVENTS = (P.CreateEvents | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();

describe('titles not safe for work stay out of picks outside age-restricted channels, and out of events', () => {
  const GUILD_ID = snowflake();
  const CHAT = snowflake();
  const ADULT = snowflake();
  let stack: Stack;
  const user = newUser('nsfwpick');
  let safe: { id: number; title: string };
  let adult: { id: number; title: string };
  const chat: Where = { kind: 'guild', guildId: GUILD_ID, channelId: CHAT, memberPermissions: EVENTS, nsfw: false };
  const afterDark: Where = { kind: 'guild', guildId: GUILD_ID, channelId: ADULT, memberPermissions: EVENTS, nsfw: true };

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, ACCOUNT] } });
    const BOT_ROLE = snowflake();
    stack.discord.guilds.define({
      id: GUILD_ID,
      name: 'club',
      ownerId: user.id,
      roles: [{ id: BOT_ROLE, name: 'bot', permissions: P.CreateEvents | P.ViewChannel | P.SendMessages | P.EmbedLinks, managed: true }],
      botRoles: [BOT_ROLE],
      channels: [{ id: CHAT, name: 'chat' }, { id: ADULT, name: 'after-dark', nsfw: true }],
    });
    const ranking = (await (await fetch(`${stack.emulator.url}/v2/anime/ranking?ranking_type=all&limit=500&nsfw=true&fields=nsfw`, { headers: { 'X-SERVICE-CLIENT-ID': CLIENT_ID } })).json()) as {
      data: Array<{ node: { id: number; title: string; nsfw?: string } }>;
    };
    const s = ranking.data.find((d) => d.node.nsfw === 'white');
    const a = ranking.data.find((d) => d.node.nsfw !== undefined && d.node.nsfw !== 'white');
    if (!s || !a) throw new Error('the emulator ranking needs a safe title and one not safe for work');
    [safe, adult] = [s.node, a.node];
    const { access_token: token } = stack.emulator.issueTokensFor(ACCOUNT.name, CLIENT_ID);
    for (const id of [safe.id, adult.id]) {
      const res = await fetch(`${stack.emulator.url}/v2/anime/${id}/my_list_status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ status: 'plan_to_watch' }).toString(),
      });
      expect(res.status).toBe(200);
    }
    await stack.login(user, ACCOUNT);
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const random = (where: Where) => answerOf(stack.command({ name: 'anime', subcommand: 'random', options: {}, user, where }));
  const shownId = (text: string): string | undefined => /ID (\d+)/.exec(text)?.[1];

  it('/anime random outside an age-restricted channel: only the safe title, and Another finds nothing more', async () => {
    const first = await random(chat);
    expect(first.text).toContain('Random pick 1 of 1 ');
    expect(first.text).not.toContain(adult.title);
    expect(shownId(JSON.stringify(first.message.embeds))).toBe(String(safe.id));
    expect(buttonLabelled(first.message, 'Another').disabled).toBe(true);
    // In an age-restricted channel both are in the pool, and both are drawn.
    const seen = new Set<string | undefined>();
    let answer = await random(afterDark);
    expect(answer.text).toContain('Random pick 1 of 2 ');
    seen.add(shownId(JSON.stringify(answer.message.embeds)));
    answer = await answerOf(stack.click(answer.message, buttonLabelled(answer.message, 'Another').custom_id ?? '', user, afterDark));
    seen.add(shownId(JSON.stringify(answer.message.embeds)));
    expect(seen).toEqual(new Set([String(safe.id), String(adult.id)]));
  });

  it('/watchparty create and "Plan a watch party" refuse a title not safe for work, even in an age-restricted channel; no event', async () => {
    for (const where of [chat, afterDark]) {
      const refused = await answerOf(stack.command({ name: 'watchparty', subcommand: 'create', options: { title: `id:${adult.id}`, start: '2030-01-01 20:00' }, user, where }));
      expect(refused.text).toContain('Not for a watch party');
    }
    await stack.bot.client.rest.post(Routes.channelMessages(ADULT), {
      body: { content: 'The winner', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Plan', custom_id: encodeCustomId(COMPONENT_KINDS.watchPartyPlan, [adult.id]) }] }] },
    });
    const result = stack.discord.guilds.messagesIn(ADULT).at(-1);
    if (!result) throw new Error('no result post');
    const planned = await answerOf(stack.click(result, encodeCustomId(COMPONENT_KINDS.watchPartyPlan, [adult.id]), user, afterDark));
    expect(planned.text).toContain('Not for a watch party');
    expect(stack.discord.scheduledEvents.all(GUILD_ID)).toEqual([]);
    // The safe title gets its event: the refusal is the title's, not the place's.
    const made = await answerOf(stack.command({ name: 'watchparty', subcommand: 'create', options: { title: `id:${safe.id}`, start: '2030-01-01 20:00' }, user, where: chat }));
    expect(made.text).toContain('Watch party planned');
    expect(stack.discord.scheduledEvents.all(GUILD_ID)).toHaveLength(1);
  });
});
