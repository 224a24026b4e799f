// People's lists and the login pages in the reader's language, end to end: the confirmation page
// follows the browser's Accept-Language; /list view, update and remove answer in the Discord user's
// locale (pt-BR, ja). Every expectation comes from the catalogue, never from a copy of a translation.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import type { OptionValue, Who } from '../../fake-discord/index.js';
import { componentId, GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, authorize, beginLogin, confirmTokenOf, type Answer, type StartedLogin } from '../../local-stack/user-helpers.js';
import { translator, type Translator } from '../../src/i18n/index.js';
import { escapeHtml } from '../../src/web/html.js';

const ALICE = { name: 'alice', password: 'alice-password' };
const FRANK = { name: 'frank', password: 'frank-password' };

const FMAB = 5114; // "Fullmetal Alchemist: Brotherhood", 64 episodes
const DEATH_NOTE = 21; // manga: 12 volumes, 108 chapters

interface Page {
  status: number;
  body: string;
  headers: Headers;
}

async function get(url: URL | string, acceptLanguage?: string): Promise<Page> {
  const res = await fetch(url, acceptLanguage === undefined ? {} : { headers: { 'accept-language': acceptLanguage } });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

function field(answer: Answer, name: string): string | undefined {
  return answer.message.embeds?.[0]?.fields?.find((f) => f.name === name)?.value;
}

describe('lists and login pages in the reader’s language', () => {
  let stack: Stack;
  const frank = newUser('frank');

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, FRANK] } });
    await stack.login(frank, FRANK);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** A /login by a new Discord user, authorized as alice: the callback URL the browser is sent to. */
  async function callbackUrl(locale?: string): Promise<{ url: URL; user: Who; started: StartedLogin }> {
    const user = newUser('browser');
    const started = await beginLogin(stack, user, undefined, locale);
    return { url: await authorize(started, ALICE), user, started };
  }

  function expectConfirmPage(page: Page, t: Translator, user: Who): void {
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<html lang="${t.locale}">`);
    expect(page.headers.get('content-language')).toBe(t.locale);
    expect(page.headers.get('vary') ?? '').toMatch(/accept-language/i);
    const values = { service: 'alice', handle: escapeHtml(`@${user.username}`) };
    expect(page.body).toContain(`<title>${escapeHtml(t.t('lists.web.confirm.title'))}</title>`);
    expect(page.body).toContain(t.t('lists.web.confirm.question', values));
    expect(page.body).toContain(t.t('lists.web.confirm.warning', { handle: values.handle }));
    expect(page.body).toContain(t.t('lists.web.confirm.confirmButton', values));
    expect(page.body).toContain(t.t('lists.web.confirm.cancelButton'));
  }

  it('the confirmation page is in Japanese for a Japanese browser, and the link is confirmed in Japanese', async () => {
    const ja = translator('ja');
    const { url, user, started } = await callbackUrl('ja');
    const page = await get(url, 'ja-JP,ja;q=0.9,en;q=0.5');
    expectConfirmPage(page, ja, user);
    // The /login reply (run from a Japanese client) is edited in Japanese while the page waits.
    await started.handle.waitForOriginal((m) => textOf(m).includes(ja.t('lists.login.reply.confirm.title')));
    expect(page.body).not.toContain(translator('en-US').t('lists.web.confirm.title'));

    const res = await fetch(new URL('confirm', stack.config.web.redirectUri), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(stack.config.web.publicUrl).origin,
        'sec-fetch-site': 'same-origin',
        'accept-language': 'ja',
      },
      body: new URLSearchParams({ token: confirmTokenOf(page), action: 'confirm' }).toString(),
    });
    const done = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('ja');
    expect(done).toContain(`<html lang="ja">`);
    expect(done).toContain(escapeHtml(ja.t('lists.web.linked.title')));
    expect(done).toContain(escapeHtml(ja.t('lists.web.linked.text', { service: 'alice' })));
    const linked = await started.handle.waitForOriginal((m) => textOf(m).includes(ja.t('lists.login.reply.linked.title')));
    expect(textOf(linked)).toContain(ja.t('lists.login.reply.linked.text', { name: 'alice' }));
  });

  it('the confirmation page is in German for a German browser', async () => {
    const { url, user } = await callbackUrl();
    expectConfirmPage(await get(url, 'de-AT, de;q=0.9'), translator('de'), user);
  });

  it('the confirmation page is in English without Accept-Language or with only unsupported languages', async () => {
    const en = translator('en-US');
    const absent = await callbackUrl();
    expectConfirmPage(await get(absent.url), en, absent.user);
    const unsupported = await callbackUrl();
    expectConfirmPage(await get(unsupported.url, 'ko-KR, zh;q=0.8'), en, unsupported.user);
  });

  it('a failed login page follows Accept-Language too', async () => {
    const pt = translator('pt-BR');
    const page = await get(`${stack.config.web.redirectUri}?state=unknown-state&code=abc`, 'pt-BR');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-language')).toBe('pt-BR');
    expect(page.body).toContain(`<html lang="pt-BR">`);
    expect(page.body).toContain(escapeHtml(pt.t('lists.web.failed.invalid_state.title')));
    expect(page.body).toContain(escapeHtml(pt.t('lists.web.failed.invalid_state.text')));
  });

  const list = (kind: 'anime' | 'manga', subcommand: string, locale: string, options: Record<string, OptionValue> = {}) =>
    answerOf(stack.command({ name: 'list', subcommandGroup: kind, subcommand, options, user: frank, where: GUILD, locale }));

  it('/list anime update, view and remove answer in Brazilian Portuguese', async () => {
    const pt = translator('pt-BR');
    const updated = await list('anime', 'update', 'pt-BR', { title: `id:${FMAB}`, status: 'watching', score: 8, episodes: 12, priority: 2 });
    const embed = updated.message.embeds?.[0];
    expect(embed?.title).toBe(pt.t('lists.entry.title', { heading: pt.t('lists.entry.heading.yourList'), title: 'Fullmetal Alchemist: Brotherhood' }));
    expect(field(updated, pt.t('lists.entry.field.status'))).toBe(pt.t('term.listStatus.watching'));
    expect(field(updated, pt.t('lists.entry.field.score'))).toBe(`★ ${pt.number(8)}`);
    expect(field(updated, pt.t('lists.entry.field.episodes'))).toBe(`${pt.number(12)}/${pt.number(64)}`);
    expect(field(updated, pt.t('lists.entry.field.priority'))).toBe(pt.t('lists.entry.priority.high'));
    expect(field(updated, 'Priority')).toBeUndefined();

    const view = await list('anime', 'view', 'pt-BR');
    expect(view.message.embeds?.[0]?.title).toBe(pt.t('lists.userList.title.own', { kind: 'anime' }));
    const line = [
      pt.t('term.listStatus.watching'),
      pt.t('works.progress.episodes', { done: pt.number(12), total: 64 }),
      `★ ${pt.number(8)}`,
    ].join(' · ');
    expect(view.text).toContain(line);

    const filtered = await list('anime', 'view', 'pt-BR', { status: 'watching', sort: 'list_score' });
    expect(filtered.message.embeds?.[0]?.title).toBe(
      [
        pt.t('lists.userList.title.own', { kind: 'anime' }),
        pt.t('term.listStatus.watching'),
        pt.t('lists.userList.sortedBy', { sort: pt.t('lists.userList.sort.list_score') }),
      ].join(' · '),
    );

    const removed = await list('anime', 'remove', 'pt-BR', { title: `id:${FMAB}` });
    expect(removed.message.embeds?.[0]?.title).toBe(pt.t('lists.remove.done.title'));
    expect(removed.message.embeds?.[0]?.description).toBe(
      pt.t('lists.remove.done.text', { title: 'Fullmetal Alchemist: Brotherhood', kind: 'anime' }),
    );
    const empty = await list('anime', 'view', 'pt-BR');
    expect(empty.text).toContain(pt.t('lists.userList.empty'));
  });

  it('/list manga update and view answer in Japanese; a count past the total is refused in Japanese', async () => {
    const ja = translator('ja');
    const updated = await list('manga', 'update', 'ja', { title: `id:${DEATH_NOTE}`, status: 'reading', volumes: 3, chapters: 25, rereading: true });
    expect(updated.message.embeds?.[0]?.title).toBe(ja.t('lists.entry.title', { heading: ja.t('lists.entry.heading.yourList'), title: 'Death Note' }));
    expect(field(updated, ja.t('lists.entry.field.status'))).toBe(ja.t('term.listStatus.reading'));
    expect(field(updated, ja.t('lists.entry.field.volumes'))).toBe(`${ja.number(3)}/${ja.number(12)}`);
    expect(field(updated, ja.t('lists.entry.field.chapters'))).toBe(`${ja.number(25)}/${ja.number(108)}`);
    expect(field(updated, ja.t('lists.entry.field.rereading'))).toBe(ja.t('lists.yes'));

    const view = await list('manga', 'view', 'ja');
    expect(view.message.embeds?.[0]?.title).toBe(ja.t('lists.userList.title.own', { kind: 'manga' }));
    expect(view.text).toContain(
      [
        ja.t('term.listStatus.reading'),
        ja.t('works.progress.volumes', { done: ja.number(3), total: 12 }),
        ja.t('works.progress.chapters', { done: ja.number(25), total: 108 }),
        ja.t('works.listStatus.rereading'),
      ].join(' · '),
    );

    const others = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'view', options: { user: 'frank' }, user: newUser(), where: GUILD, locale: 'ja' }),
    );
    expect(others.message.embeds?.[0]?.title).toBe(ja.t('lists.userList.title.other', { kind: 'manga', user: 'frank' }));

    const refused = await list('manga', 'update', 'ja', { title: `id:${DEATH_NOTE}`, volumes: 13 });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.embeds?.[0]?.title).toBe(`⚠️ ${ja.t('lists.tooMany.volumes.title')}`);
    expect(refused.message.embeds?.[0]?.description).toBe(ja.t('lists.tooMany.volumes.text', { hasTitle: 'yes', title: '**Death Note**', total: 12 }));

    const nothing = await list('manga', 'update', 'ja', { title: `id:${DEATH_NOTE}` });
    expect(nothing.message.embeds?.[0]?.title).toBe(`⚠️ ${ja.t('lists.update.nothing.title')}`);
  });

  it('/login and /logout answer in French and Spanish', async () => {
    const fr = translator('fr');
    const es = translator('es-ES');
    const user = newUser('polyglot');
    const started = await answerOf(stack.command({ name: 'login', user, where: GUILD, locale: 'fr' }));
    expect(started.ephemeral).toBe(true);
    expect(started.message.embeds?.[0]?.title).toBe(fr.t('lists.login.title.link'));
    expect(started.text).toContain(fr.t('lists.login.warning'));
    expect(JSON.stringify(started.message.components)).toContain(JSON.stringify(fr.t('lists.login.button.link')));

    const linked = await answerOf(stack.command({ name: 'logout', user: frank, where: GUILD, locale: 'es-ES' }));
    expect(linked.message.embeds?.[0]?.title).toBe(es.t('lists.logout.done.title'));
    expect(linked.message.embeds?.[0]?.description).toContain(es.t('lists.logout.done.text', { hasName: 'yes', name: 'frank' }));
    expect(componentId(linked.message, es.t('lists.logout.forgetButton'))).toBeTruthy();
    const again = await answerOf(stack.command({ name: 'logout', user: frank, where: GUILD, locale: 'es-ES' }));
    expect(again.message.embeds?.[0]?.title).toBe(es.t('lists.logout.notLinked.title'));
    await stack.login(frank, FRANK);
  });

  it('the same command in English stays English', async () => {
    const en = translator('en-US');
    const view = await list('manga', 'view', 'en-US');
    expect(view.message.embeds?.[0]?.title).toBe('Your manga list');
    expect(view.text).toContain(`${en.t('term.listStatus.reading')} · 3/12 volumes · 25/108 chapters`);
  });
});
