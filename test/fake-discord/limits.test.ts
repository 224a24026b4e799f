import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from 'discord.js';
import {
  autocomplete,
  loginClient,
  registerTestCommands,
  slashCommand,
  startFakeDiscord,
  testCommand,
  type FakeDiscord,
  type InteractionHandle,
} from '../../fake-discord/index.js';

const bob = { id: '412345678901234567', username: 'bob' };
const guild = { kind: 'guild' } as const;

let fake: FakeDiscord;
let client: Client<true>; // connected but never answers: these tests answer over raw HTTP

beforeAll(async () => {
  fake = await startFakeDiscord({ ackDeadlineMs: 60_000 });
  client = await loginClient(fake);
  await registerTestCommands(fake, [
    ...['limits', 'twice', 'early', 'expire', 'late', 'notcomponent', 'modal', 'resp'].map((n) => testCommand(n)),
    testCommand('find', [{ type: 3, name: 'q', description: 'q', autocomplete: true }]),
  ]);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

interface Res {
  status: number;
  json: unknown;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const callback = (h: InteractionHandle, body: unknown): Promise<Res> =>
  call('POST', `/interactions/${h.id}/${h.token}/callback`, body);
const editOriginal = (h: InteractionHandle, body: unknown): Promise<Res> =>
  call('PATCH', `/webhooks/${fake.applicationId}/${h.token}/messages/%40original`, body);
const followUp = (h: InteractionHandle, body: unknown): Promise<Res> =>
  call('POST', `/webhooks/${fake.applicationId}/${h.token}?wait=true`, body);

/** Asserts Discord's 400 Invalid Form Body with an error of `code` at `path`. */
function expectFormError(res: Res, path: Array<string | number>, code: string): void {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json).toMatchObject({ message: 'Invalid Form Body', code: 50035 });
  let node: unknown = (res.json as { errors: unknown }).errors;
  for (const key of path) {
    node = (node as Record<string, unknown> | undefined)?.[String(key)];
  }
  const errors = (node as { _errors?: Array<{ code: string; message: string }> } | undefined)?._errors ?? [];
  expect(errors.map((e) => e.code), JSON.stringify(res.json)).toContain(code);
  for (const e of errors) expect(typeof e.message).toBe('string');
}

const s = (n: number): string => 'x'.repeat(n);
const button = (id: string): Record<string, unknown> => ({ type: 2, style: 1, label: id, custom_id: id });
const row = (...components: unknown[]): Record<string, unknown> => ({ type: 1, components });
const select = (id: string, n: number): Record<string, unknown> => ({
  type: 3,
  custom_id: id,
  options: Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: `v${i}` })),
});

/** [name, message body, error path (relative to the body), error code] */
const messageCases: Array<[string, Record<string, unknown>, Array<string | number>, string]> = [
  ['content > 2000', { content: s(2001) }, ['content'], 'BASE_TYPE_MAX_LENGTH'],
  ['> 10 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, ['embeds'], 'BASE_TYPE_MAX_LENGTH'],
  ['title > 256', { embeds: [{ title: s(257) }] }, ['embeds', 0, 'title'], 'BASE_TYPE_MAX_LENGTH'],
  ['description > 4096', { embeds: [{ description: s(4097) }] }, ['embeds', 0, 'description'], 'BASE_TYPE_MAX_LENGTH'],
  ['> 25 fields', { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, ['embeds', 0, 'fields'], 'BASE_TYPE_MAX_LENGTH'],
  ['empty field name', { embeds: [{ fields: [{ name: '', value: 'v' }] }] }, ['embeds', 0, 'fields', 0, 'name'], 'BASE_TYPE_BAD_LENGTH'],
  ['field name > 256', { embeds: [{ fields: [{ name: s(257), value: 'v' }] }] }, ['embeds', 0, 'fields', 0, 'name'], 'BASE_TYPE_BAD_LENGTH'],
  ['empty field value', { embeds: [{ fields: [{ name: 'n', value: '' }] }] }, ['embeds', 0, 'fields', 0, 'value'], 'BASE_TYPE_BAD_LENGTH'],
  ['field value > 1024', { embeds: [{ fields: [{ name: 'n', value: s(1025) }] }] }, ['embeds', 0, 'fields', 0, 'value'], 'BASE_TYPE_BAD_LENGTH'],
  ['footer > 2048', { embeds: [{ title: 't', footer: { text: s(2049) } }] }, ['embeds', 0, 'footer', 'text'], 'BASE_TYPE_BAD_LENGTH'],
  ['author name > 256', { embeds: [{ title: 't', author: { name: s(257) } }] }, ['embeds', 0, 'author', 'name'], 'BASE_TYPE_BAD_LENGTH'],
  [
    'embed text total > 6000 across embeds',
    { embeds: [{ description: s(4000) }, { description: s(1990), title: s(11) }] },
    ['embeds'],
    'MAX_EMBED_SIZE_EXCEEDED',
  ],
  ['> 5 action rows', { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) }, ['components'], 'BASE_TYPE_MAX_LENGTH'],
  ['> 5 buttons in a row', { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] }, ['components', 0, 'components'], 'BASE_TYPE_MAX_LENGTH'],
  ['select shares its row', { components: [row(select('s', 2), button('b'))] }, ['components', 0, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED'],
  ['custom_id > 100', { components: [row(button(s(101)))] }, ['components', 0, 'components', 0, 'custom_id'], 'BASE_TYPE_BAD_LENGTH'],
  ['empty custom_id', { components: [row({ ...button('x'), custom_id: '' })] }, ['components', 0, 'components', 0, 'custom_id'], 'BASE_TYPE_BAD_LENGTH'],
  ['duplicate custom_id', { components: [row(button('same')), row(button('same'))] }, ['components', 1, 'components', 0, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED'],
  ['select > 25 options', { components: [row(select('s', 26))] }, ['components', 0, 'components', 0, 'options'], 'BASE_TYPE_MAX_LENGTH'],
  ['select without options', { components: [row(select('s', 0))] }, ['components', 0, 'components', 0, 'options'], 'BASE_TYPE_MIN_LENGTH'],
  [
    'option label > 100',
    { components: [row({ ...select('s', 1), options: [{ label: s(101), value: 'v' }] })] },
    ['components', 0, 'components', 0, 'options', 0, 'label'],
    'BASE_TYPE_BAD_LENGTH',
  ],
  [
    'option value > 100',
    { components: [row({ ...select('s', 1), options: [{ label: 'l', value: s(101) }] })] },
    ['components', 0, 'components', 0, 'options', 0, 'value'],
    'BASE_TYPE_BAD_LENGTH',
  ],
  ['button label > 80', { components: [row({ ...button('b'), label: s(81) })] }, ['components', 0, 'components', 0, 'label'], 'BASE_TYPE_MAX_LENGTH'],
  [
    'link button with custom_id',
    { components: [row({ type: 2, style: 5, label: 'l', url: 'https://example.org', custom_id: 'c' })] },
    ['components', 0, 'components', 0, 'custom_id'],
    'BUTTON_COMPONENT_LINK_HAS_CUSTOM_ID',
  ],
  ['link button without url', { components: [row({ type: 2, style: 5, label: 'l' })] }, ['components', 0, 'components', 0, 'url'], 'BASE_TYPE_REQUIRED'],
  ['button without custom_id', { components: [row({ type: 2, style: 1, label: 'l' })] }, ['components', 0, 'components', 0, 'custom_id'], 'BASE_TYPE_REQUIRED'],
  ['text input in a message', { components: [row({ type: 4, custom_id: 't', style: 1, label: 'l' })] }, ['components', 0, 'components', 0, 'type'], 'COMPONENT_TYPE_INVALID'],
  [
    'allowed_mentions parse + list',
    { content: 'x', allowed_mentions: { parse: ['users'], users: ['1'] } },
    ['allowed_mentions', 'users'],
    'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
  ],
];

describe('message limits on every message route', () => {
  let fresh: InteractionHandle; // never acknowledged: rejected callbacks do not acknowledge
  let deferred: InteractionHandle;

  beforeAll(async () => {
    fresh = fake.interact(slashCommand({ name: 'limits', where: guild, user: bob }));
    deferred = fake.interact(slashCommand({ name: 'limits', where: guild, user: bob }));
    expect((await callback(deferred, { type: 5 })).status).toBe(204);
  });

  test.each(messageCases)('initial response (type 4): %s', async (_name, body, path, code) => {
    expectFormError(await callback(fresh, { type: 4, data: body }), ['data', ...path], code);
  });

  test.each(messageCases)('editReply (PATCH @original): %s', async (_name, body, path, code) => {
    expectFormError(await editOriginal(deferred, body), path, code);
  });

  test.each(messageCases)('followUp (POST webhook): %s', async (_name, body, path, code) => {
    expectFormError(await followUp(deferred, body), path, code);
  });

  test('values exactly at the limits are accepted', async () => {
    const atLimit = {
      content: s(2000),
      embeds: [
        { title: s(256), description: s(4096), footer: { text: s(1000) } },
        { author: { name: s(256) }, fields: [{ name: s(256), value: s(136) }] },
      ],
      components: [
        row(...Array.from({ length: 5 }, (_, i) => ({ ...button(`${s(98)}${i}a`), label: s(80) }))),
        row(select('s', 25)),
        row({ type: 2, style: 5, label: 'site', url: 'https://example.org' }),
      ],
    };
    const res = await followUp(deferred, atLimit);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ content: s(2000) });
    const edit = await editOriginal(deferred, { content: 'edited' });
    expect(edit.status).toBe(200);
    expect(deferred.original()?.content).toBe('edited');
  });

  test('length counts code points like Discord (2000 emoji fit in content)', async () => {
    expect((await editOriginal(deferred, { content: '😀'.repeat(2000) })).status).toBe(200);
  });

  test('an empty message is refused with 50006', async () => {
    expect(await callback(fresh, { type: 4, data: { content: '' } })).toEqual({
      status: 400,
      json: { message: 'Cannot send an empty message', code: 50006 },
    });
    expect((await followUp(deferred, { content: '' })).json).toMatchObject({ code: 50006 });
    expect(fresh.original()).toBeUndefined();
  });

  test('rejected calls are listed per interaction', () => {
    expect(fresh.errors().length).toBeGreaterThanOrEqual(messageCases.length);
    expect(fresh.errors()[0]).toEqual({ status: 400, code: 50035, message: 'Invalid Form Body' });
  });
});

describe('interaction response rules', () => {
  test('a second initial response is 40060; an unknown interaction is 10062', async () => {
    const h = fake.interact(slashCommand({ name: 'twice', where: guild, user: bob }));
    expect((await callback(h, { type: 4, data: { content: 'one' } })).status).toBe(204);
    expect(await callback(h, { type: 4, data: { content: 'two' } })).toEqual({
      status: 400,
      json: { message: 'Interaction has already been acknowledged.', code: 40060 },
    });
    expect(await callback(h, { type: 5 })).toMatchObject({ status: 400, json: { code: 40060 } });
    expect(h.original()?.content).toBe('one');
    expect(await call('POST', `/interactions/${h.id}/wrong-token/callback`, { type: 5 })).toEqual({
      status: 404,
      json: { message: 'Unknown interaction', code: 10062 },
    });
  });

  test('editReply / followUp before any initial response: 10015 Unknown Webhook', async () => {
    const h = fake.interact(slashCommand({ name: 'early', where: guild, user: bob }));
    expect(await editOriginal(h, { content: 'x' })).toEqual({ status: 404, json: { message: 'Unknown Webhook', code: 10015 } });
    expect(await followUp(h, { content: 'x' })).toEqual({ status: 404, json: { message: 'Unknown Webhook', code: 10015 } });
  });

  test('webhook calls with a bad token: 401 50027', async () => {
    expect(await call('PATCH', `/webhooks/${fake.applicationId}/nope/messages/@original`, { content: 'x' })).toEqual({
      status: 401,
      json: { message: 'Invalid Webhook Token', code: 50027 },
    });
  });

  test('the 15-minute token life ends webhook edits and followUps (injectable clock)', async () => {
    const h = fake.interact(slashCommand({ name: 'expire', where: guild, user: bob }));
    expect((await callback(h, { type: 5 })).status).toBe(204);
    fake.clock.advance(14 * 60 * 1000);
    expect((await editOriginal(h, { content: 'still ok' })).status).toBe(200);
    fake.clock.advance(60 * 1000 + 1);
    const expired = { status: 401, json: { message: 'Invalid Webhook Token', code: 50027 } };
    expect(await editOriginal(h, { content: 'late' })).toEqual(expired);
    expect(await followUp(h, { content: 'late' })).toEqual(expired);
    expect(h.original()?.content).toBe('still ok');
  });

  test('the first response after the deadline (fake clock) is 10062', async () => {
    const h = fake.interact(slashCommand({ name: 'late', where: guild, user: bob }));
    fake.clock.advance(60_001);
    expect(await callback(h, { type: 4, data: { content: 'late' } })).toEqual({
      status: 404,
      json: { message: 'Unknown interaction', code: 10062 },
    });
    await expect(h.firstResponse(1000)).rejects.toThrow(/no initial response within 60000 ms/);
  });

  test('autocomplete cannot be deferred or answered with a message; choices are limited', async () => {
    const h = fake.interact(autocomplete({ name: 'find', focused: 'q', value: 'a', where: guild, user: bob }));
    expectFormError(await callback(h, { type: 5 }), ['type'], 'INTERACTION_RESPONSE_TYPE_INVALID');
    expectFormError(await callback(h, { type: 4, data: { content: 'x' } }), ['type'], 'INTERACTION_RESPONSE_TYPE_INVALID');
    expectFormError(await callback(h, { type: 9, data: {} }), ['type'], 'INTERACTION_RESPONSE_TYPE_INVALID');
    const many = Array.from({ length: 26 }, (_, i) => ({ name: `n${i}`, value: `v${i}` }));
    expectFormError(await callback(h, { type: 8, data: { choices: many } }), ['data', 'choices'], 'BASE_TYPE_MAX_LENGTH');
    expectFormError(await callback(h, { type: 8, data: { choices: [{ name: '', value: 'v' }] } }), ['data', 'choices', 0, 'name'], 'BASE_TYPE_BAD_LENGTH');
    expectFormError(await callback(h, { type: 8, data: { choices: [{ name: s(101), value: 'v' }] } }), ['data', 'choices', 0, 'name'], 'BASE_TYPE_BAD_LENGTH');
    expectFormError(await callback(h, { type: 8, data: { choices: [{ name: 'n', value: s(101) }] } }), ['data', 'choices', 0, 'value'], 'BASE_TYPE_MAX_LENGTH');
    const ok = [...many.slice(0, 24), { name: s(100), value: s(100) }];
    expect((await callback(h, { type: 8, data: { choices: ok } })).status).toBe(204);
    expect(await h.autocompleteChoices()).toHaveLength(25);
    expect(await editOriginal(h, { content: 'x' })).toMatchObject({ status: 404, json: { code: 10015 } });
  });

  test('update / deferUpdate only for component (or component-modal) interactions', async () => {
    const h = fake.interact(slashCommand({ name: 'notcomponent', where: guild, user: bob }));
    expectFormError(await callback(h, { type: 7, data: { content: 'x' } }), ['type'], 'INTERACTION_RESPONSE_TYPE_INVALID');
    expectFormError(await callback(h, { type: 6 }), ['type'], 'INTERACTION_RESPONSE_TYPE_INVALID');
    expectFormError(await callback(h, { type: 8, data: { choices: [] } }), ['type'], 'INTERACTION_RESPONSE_TYPE_INVALID');
  });

  test('modal limits', async () => {
    const h = fake.interact(slashCommand({ name: 'modal', where: guild, user: bob }));
    const input = { type: 4, custom_id: 'i', style: 1, label: 'Label' };
    expectFormError(await callback(h, { type: 9, data: { custom_id: 'm', title: s(46), components: [row(input)] } }), ['data', 'title'], 'BASE_TYPE_BAD_LENGTH');
    expectFormError(await callback(h, { type: 9, data: { custom_id: 'm', title: 't', components: [] } }), ['data', 'components'], 'BASE_TYPE_MIN_LENGTH');
    expect((await callback(h, { type: 9, data: { custom_id: 'm', title: 't', components: [row(input)] } })).status).toBe(204);
  });

  test('with_response=true answers with the callback resource', async () => {
    const h = fake.interact(slashCommand({ name: 'resp', where: guild, user: bob }));
    const res = await call('POST', `/interactions/${h.id}/${h.token}/callback?with_response=true`, { type: 4, data: { content: 'hi' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      interaction: { id: h.id, type: 2, response_message_loading: false, response_message_ephemeral: false },
      resource: { type: 4, message: { content: 'hi', id: h.original()?.id } },
    });
  });
});

describe('bot-authenticated routes and unknown routes', () => {
  test('Authorization must be the bot token', async () => {
    expect(await call('GET', '/users/@me', undefined, { authorization: 'Bot wrong' })).toEqual({
      status: 401,
      json: { message: '401: Unauthorized', code: 0 },
    });
    expect((await call('GET', '/gateway/bot')).status).toBe(401);
    const me = await call('GET', '/users/@me', undefined, { authorization: `Bot ${fake.botToken}` });
    expect(me).toMatchObject({ status: 200, json: { id: fake.botUserId, bot: true } });
    const app = await call('GET', '/applications/@me', undefined, { authorization: `Bot ${fake.botToken}` });
    expect(app).toMatchObject({ status: 200, json: { id: fake.applicationId } });
  });

  test('unknown routes are 404 code 0 and recorded with route null', async () => {
    expect(await call('GET', '/channels/123/messages', undefined, { authorization: `Bot ${fake.botToken}` })).toEqual({
      status: 404,
      json: { message: '404: Not Found', code: 0 },
    });
    const unknown = fake.calls.filter((c) => c.route === null);
    expect(unknown.map((c) => `${c.method} ${c.path}`)).toContain('GET /channels/123/messages');
  });

  test('invalid JSON is 50109', async () => {
    const res = await fetch(`${fake.apiUrl}/v10/interactions/1/2/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
  });
});
