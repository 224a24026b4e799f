// The fake Discord's polls, as Discord's API describes them: the checks of a poll in a message create,
// SEND_POLLS, the message's poll object and live results, votes cast by members with their gateway
// events (only to sessions with GUILD_MESSAGE_POLLS), voters, the early end by the author, the end by
// expiry when time passes, the finalization some time after the end (as Discord counts the votes) and
// the MESSAGE_UPDATE of a finalized poll (only with GUILD_MESSAGES).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DiscordAPIError, Events, GatewayIntentBits, PermissionFlagsBits as P, Routes, type Client, type GatewayDispatchPayload } from 'discord.js';
import { loginClient, POLL_FINALIZE_DELAY_MS, startFakeDiscord, type FakeDiscord, type RecordedMessage } from '../../fake-discord/index.js';

const G = '1400000000000000001';
const ALICE = '1410000000000000001';
const BOB = '1410000000000000002';
const C_GENERAL = '1430000000000000001';
const C_NOPOLLS = '1430000000000000002';
const HOUR = 3_600_000;

interface Poll {
  question: { text: string };
  answers: Array<{ answer_id: number; poll_media: { text: string } }>;
  expiry: string;
  allow_multiselect: boolean;
  results: { answer_counts: Array<{ id: number; count: number }>; is_finalized: boolean };
}
const pollOf = (m: unknown): Poll => (m as { poll: Poll }).poll;
const body = (over: Record<string, unknown> = {}) => ({
  poll: { question: { text: 'What next?' }, answers: ['A', 'B', 'C'].map((text) => ({ poll_media: { text } })), duration: 2, ...over },
});

describe('fake discord polls', () => {
  let fake: FakeDiscord;
  let client: Client;
  let quiet: Client;
  const events: GatewayDispatchPayload[] = [];
  const quietEvents: string[] = [];

  beforeAll(async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    fake = await startFakeDiscord({ now: () => start });
    fake.guilds.define({
      id: G,
      channels: [
        { id: C_GENERAL, name: 'general' },
        { id: C_NOPOLLS, name: 'no-polls', overwrites: [{ id: G, type: 0, deny: P.SendPolls }] },
      ],
      members: { [ALICE]: [], [BOB]: [] },
    });
    client = await loginClient(fake, { intents: [GatewayIntentBits.GuildMessages, GatewayIntentBits.GuildMessagePolls] });
    client.on(Events.Raw, (p: GatewayDispatchPayload) => events.push(p));
    quiet = await loginClient(fake, { intents: [] });
    quiet.on(Events.Raw, (p: GatewayDispatchPayload) => quietEvents.push(p.t));
  });
  afterAll(async () => {
    await client?.destroy();
    await quiet?.destroy();
    await fake?.close();
  });

  const refusal = async (channel: string, b: unknown) => {
    const error = await client.rest.post(Routes.channelMessages(channel), { body: b }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    return error as DiscordAPIError;
  };

  test('a poll is checked as Discord checks it', async () => {
    const long = await refusal(C_GENERAL, body({ answers: [{ poll_media: { text: 'x'.repeat(56) } }] }));
    expect(long.code).toBe(50035);
    expect(JSON.stringify(long.rawError)).toContain('BASE_TYPE_BAD_LENGTH');
    expect((await refusal(C_GENERAL, body({ answers: Array.from({ length: 11 }, () => ({ poll_media: { text: 'a' } })) }))).code).toBe(50035);
    expect((await refusal(C_GENERAL, body({ duration: 769 }))).code).toBe(50035);
    expect((await refusal(C_GENERAL, body({ duration: 0 }))).code).toBe(50035);
    expect((await refusal(C_GENERAL, body({ question: { text: 'q'.repeat(301) } }))).code).toBe(50035);
    expect((await refusal(C_GENERAL, body({ layout_type: 2 }))).code).toBe(50035);
    expect((await refusal(C_GENERAL, { poll: { question: { text: 'q' } } })).code).toBe(50035);
    const denied = await refusal(C_NOPOLLS, body());
    expect([denied.status, denied.code]).toEqual([403, 50013]);
    expect(fake.guilds.messagesIn(C_NOPOLLS)).toHaveLength(0);
  });

  test('votes show in the results and reach only sessions with the poll intent; voters are listed', async () => {
    const sent = (await client.rest.post(Routes.channelMessages(C_GENERAL), { body: body() })) as RecordedMessage;
    const poll = pollOf(sent);
    expect(poll.answers.map((a) => [a.answer_id, a.poll_media.text])).toEqual([[1, 'A'], [2, 'B'], [3, 'C']]);
    expect(Date.parse(poll.expiry) - fake.clock.now()).toBe(2 * HOUR);
    expect(poll.results).toEqual({ answer_counts: [], is_finalized: false });
    fake.guilds.vote(sent.id, ALICE, [2]);
    fake.guilds.vote(sent.id, BOB, [2]);
    fake.guilds.vote(sent.id, BOB, [3]);
    expect(() => fake.guilds.vote(sent.id, ALICE, [1, 2])).toThrow(/one answer/);
    expect(() => fake.guilds.vote(sent.id, '1410000000000000099', [1])).toThrow(/not a member/);
    const read = (await client.rest.get(Routes.channelMessage(C_GENERAL, sent.id))) as RecordedMessage;
    expect(pollOf(read).results.answer_counts.map((c) => [c.id, c.count])).toEqual([[2, 1], [3, 1]]);
    const voters = (await client.rest.get(Routes.pollAnswerVoters(C_GENERAL, sent.id, 2))) as { users: Array<{ id: string }> };
    expect(voters.users.map((u) => u.id)).toEqual([ALICE]);
    await expect.poll(() => events.filter((e) => e.t.startsWith('MESSAGE_POLL_VOTE')).map((e) => e.t)).toEqual([
      'MESSAGE_POLL_VOTE_ADD',
      'MESSAGE_POLL_VOTE_ADD',
      'MESSAGE_POLL_VOTE_REMOVE',
      'MESSAGE_POLL_VOTE_ADD',
    ]);
    expect(quietEvents.filter((t) => t !== 'READY')).toEqual([]);
  });

  test('time passing ends the poll: no more votes, then finalized a few seconds later with all counts and MESSAGE_UPDATE', async () => {
    const sent = (await client.rest.post(Routes.channelMessages(C_GENERAL), { body: body({ duration: 1 }) })) as RecordedMessage;
    fake.guilds.vote(sent.id, ALICE, [1]);
    fake.passTime(HOUR - 1);
    expect(pollOf(fake.guilds.pollsIn(C_GENERAL).find((m) => m.id === sent.id)).results.is_finalized).toBe(false);
    fake.passTime(1);
    expect(() => fake.guilds.vote(sent.id, BOB, [2])).toThrow(/ended/);
    expect(pollOf(fake.guilds.pollsIn(C_GENERAL).find((m) => m.id === sent.id)).results.is_finalized).toBe(false);
    fake.passTime(POLL_FINALIZE_DELAY_MS);
    const ended = pollOf(fake.guilds.pollsIn(C_GENERAL).find((m) => m.id === sent.id));
    expect(ended.results).toEqual({ answer_counts: [{ id: 1, count: 1, me_voted: false }, { id: 2, count: 0, me_voted: false }, { id: 3, count: 0, me_voted: false }], is_finalized: true });
    await expect.poll(() => events.some((e) => e.t === 'MESSAGE_UPDATE' && (e.d as { id: string }).id === sent.id)).toBe(true);
    expect(() => fake.guilds.vote(sent.id, BOB, [2])).toThrow(/ended/);
    const again = await client.rest.post(Routes.expirePoll(C_GENERAL, sent.id)).catch((e: unknown) => e);
    expect((again as DiscordAPIError).code).toBe(520001);
  });

  test('the author ends a poll early: votes close at once, the results are finalized some time later; a message without a poll cannot be expired', async () => {
    const sent = (await client.rest.post(Routes.channelMessages(C_GENERAL), { body: body({ duration: 24 }) })) as RecordedMessage;
    fake.guilds.vote(sent.id, BOB, [3]);
    const ended = (await client.rest.post(Routes.expirePoll(C_GENERAL, sent.id))) as RecordedMessage;
    expect(pollOf(ended).results.is_finalized).toBe(false);
    expect(Date.parse(pollOf(ended).expiry)).toBe(fake.clock.now());
    expect(() => fake.guilds.vote(sent.id, ALICE, [1])).toThrow(/ended/);
    expect(((await client.rest.post(Routes.expirePoll(C_GENERAL, sent.id)).catch((e: unknown) => e)) as DiscordAPIError).code).toBe(520001);
    fake.passTime(POLL_FINALIZE_DELAY_MS - 1);
    const read = (await client.rest.get(Routes.channelMessage(C_GENERAL, sent.id))) as RecordedMessage;
    expect(pollOf(read).results.is_finalized).toBe(false);
    expect(events.some((e) => e.t === 'MESSAGE_UPDATE' && (e.d as { id: string }).id === sent.id)).toBe(false);
    fake.passTime(1);
    const final = (await client.rest.get(Routes.channelMessage(C_GENERAL, sent.id))) as RecordedMessage;
    expect(pollOf(final).results).toEqual({ answer_counts: [{ id: 1, count: 0, me_voted: false }, { id: 2, count: 0, me_voted: false }, { id: 3, count: 1, me_voted: false }], is_finalized: true });
    await expect.poll(() => events.some((e) => e.t === 'MESSAGE_UPDATE' && (e.d as { id: string }).id === sent.id)).toBe(true);
    const plain = (await client.rest.post(Routes.channelMessages(C_GENERAL), { body: { content: 'hi' } })) as RecordedMessage;
    const error = await client.rest.post(Routes.expirePoll(C_GENERAL, plain.id)).catch((e: unknown) => e);
    expect((error as DiscordAPIError).code).toBe(520006);
    const unknown = await client.rest.get(Routes.channelMessage(C_GENERAL, '1499999999999999999')).catch((e: unknown) => e);
    expect((unknown as DiscordAPIError).code).toBe(10008);
  });
});

describe('fake discord polls on a running clock', () => {
  test('an expired poll is finalized after the configured delay without anyone reading it: the MESSAGE_UPDATE comes on its own', async () => {
    const fake = await startFakeDiscord({ pollFinalizeDelayMs: 400 });
    fake.guilds.define({ id: G, channels: [{ id: C_GENERAL, name: 'general' }], members: { [ALICE]: [] } });
    const client = await loginClient(fake, { intents: [GatewayIntentBits.GuildMessages] });
    const updates: Array<{ id: string; at: number }> = [];
    client.on(Events.Raw, (p: GatewayDispatchPayload) => {
      if (p.t === 'MESSAGE_UPDATE') updates.push({ id: (p.d as { id: string }).id, at: Date.now() });
    });
    try {
      const sent = (await client.rest.post(Routes.channelMessages(C_GENERAL), { body: body() })) as RecordedMessage;
      const expiredAt = Date.now();
      const ended = (await client.rest.post(Routes.expirePoll(C_GENERAL, sent.id))) as RecordedMessage;
      expect(pollOf(ended).results.is_finalized).toBe(false);
      await expect.poll(() => updates.find((u) => u.id === sent.id), { timeout: 5_000 }).toBeDefined();
      expect((updates.find((u) => u.id === sent.id)?.at ?? 0) - expiredAt).toBeGreaterThanOrEqual(400);
      expect(pollOf(fake.guilds.pollsIn(C_GENERAL)[0]).results.is_finalized).toBe(true);
    } finally {
      await client.destroy();
      await fake.close();
    }
  });
});
