// How each person reads titles: their own choice of title form (/settings titles), the server's
// default (/settings server-titles), else the service's main title. Kept in the shared store as
// small JSON records: `pref:user:<discord id>` and `pref:guild:<server id>`. Also whether a person hides
// themselves from every board (/settings boards): `pref:boards:user:<discord id>`.

import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isTitleForm, MAIN_TITLE_FORM, type TitleForm } from '../service/title-forms.js';
import { isRecord } from '../util/is-record.js';
import { isLocale, type Locale } from '../i18n/index.js';

/** `getMany` reads a board's people at once; without it, one read each. */
export type PreferencesKv = Pick<StoreEngine, 'get' | 'set' | 'delete'> & Partial<Pick<StoreEngine, 'getMany'>>;

const HIDDEN = 'hidden';

export const PREFERENCE_KEY = {
  user: (userId: string) => `pref:user:${userId}`,
  guild: (guildId: string) => `pref:guild:${guildId}`,
  /** The person's Discord language as last seen at /login: what the bot's own DMs to them (a lost login) are written in. */
  locale: (userId: string) => `pref:locale:${userId}`,
  /** A person's /settings spoilers, and a server's default for what the bot posts there on its own. */
  userSpoilers: (userId: string) => `pref:spoilers:user:${userId}`,
  guildSpoilers: (guildId: string) => `pref:spoilers:guild:${guildId}`,
  /** Present (`hidden`) while the person hides themselves from every board. */
  boardsHidden: (userId: string) => `pref:boards:user:${userId}`,
} as const;

/** When a synopsis goes behind spoiler tags: a sequel's unless its prequel is completed (the default), always, or never. */
export const SPOILER_POLICIES = ['sequels', 'always', 'never'] as const;
export type SpoilerPolicy = (typeof SPOILER_POLICIES)[number];
export const SPOILER_POLICY_DEFAULT: SpoilerPolicy = 'sequels';

export function isSpoilerPolicy(value: unknown): value is SpoilerPolicy {
  return typeof value === 'string' && (SPOILER_POLICIES as readonly string[]).includes(value);
}

/** Which spoiler policy applies and why: the person's, the server's default, or neither (`sequels`). */
export interface AppliedSpoilerPolicy {
  policy: SpoilerPolicy;
  source: TitleFormSource;
}

/** The person's choice beats the server's default, which beats `sequels`. */
export function resolveSpoilerPolicy(user: SpoilerPolicy | undefined, server: SpoilerPolicy | undefined): AppliedSpoilerPolicy {
  if (user !== undefined) return { policy: user, source: 'user' };
  if (server !== undefined) return { policy: server, source: 'server' };
  return { policy: SPOILER_POLICY_DEFAULT, source: 'default' };
}

/** Why a form applies: the person chose it, their server's default, or neither (the main title). */
export type TitleFormSource = 'user' | 'server' | 'default';

export interface AppliedTitleForm {
  form: TitleForm;
  source: TitleFormSource;
}

/** The person's choice beats the server's default, which beats the main title. */
export function resolveTitleForm(user: TitleForm | undefined, server: TitleForm | undefined): AppliedTitleForm {
  if (user !== undefined) return { form: user, source: 'user' };
  if (server !== undefined) return { form: server, source: 'server' };
  return { form: MAIN_TITLE_FORM, source: 'default' };
}

export interface TitlePreferencesOptions {
  kv: PreferencesKv;
}

export class TitlePreferences {
  private readonly kv: PreferencesKv;

  constructor(o: TitlePreferencesOptions) {
    this.kv = o.kv;
  }

  /** The person's own choice, if any. */
  async userForm(userId: string): Promise<TitleForm | undefined> {
    return formOf(await this.kv.get(PREFERENCE_KEY.user(userId)));
  }

  async setUserForm(userId: string, form: TitleForm): Promise<void> {
    await this.kv.set(PREFERENCE_KEY.user(userId), JSON.stringify({ titles: form }));
  }

  /** The server's default as stored now. */
  async serverForm(guildId: string): Promise<TitleForm | undefined> {
    return formOf(await this.kv.get(PREFERENCE_KEY.guild(guildId)));
  }

  /** Sets the server's default; `undefined` resets it (members without a choice see the main title). */
  async setServerForm(guildId: string, form: TitleForm | undefined): Promise<void> {
    if (form === undefined) await this.kv.delete(PREFERENCE_KEY.guild(guildId));
    else await this.kv.set(PREFERENCE_KEY.guild(guildId), JSON.stringify({ titles: form }));
  }

  /**
   * The form that applies to a person here, as the shared store holds it now (a change made in any
   * process applies at once): their record, and in a server the server's read alongside it, so the
   * wait is one store round trip.
   */
  async formFor(userId: string, guildId: string | undefined): Promise<AppliedTitleForm> {
    const [user, server] = await Promise.all([this.userForm(userId), guildId === undefined ? undefined : this.serverForm(guildId)]);
    return resolveTitleForm(user, server);
  }

  /** The person's own spoiler policy, if they chose one. */
  async userSpoilers(userId: string): Promise<SpoilerPolicy | undefined> {
    const raw = await this.kv.get(PREFERENCE_KEY.userSpoilers(userId));
    return isSpoilerPolicy(raw) ? raw : undefined;
  }

  async setUserSpoilers(userId: string, policy: SpoilerPolicy): Promise<void> {
    await this.kv.set(PREFERENCE_KEY.userSpoilers(userId), policy);
  }

  /** The server's default spoiler policy (for what the bot posts there on its own, and members without a choice). */
  async serverSpoilers(guildId: string): Promise<SpoilerPolicy | undefined> {
    const raw = await this.kv.get(PREFERENCE_KEY.guildSpoilers(guildId));
    return isSpoilerPolicy(raw) ? raw : undefined;
  }

  /** Sets the server's default; `undefined` resets it to `sequels`. */
  async setServerSpoilers(guildId: string, policy: SpoilerPolicy | undefined): Promise<void> {
    if (policy === undefined) await this.kv.delete(PREFERENCE_KEY.guildSpoilers(guildId));
    else await this.kv.set(PREFERENCE_KEY.guildSpoilers(guildId), policy);
  }

  /** The spoiler policy of a person's own answers here: theirs, else the server's default, else `sequels` (one store round trip). */
  async spoilersFor(userId: string, guildId: string | undefined): Promise<AppliedSpoilerPolicy> {
    const [user, server] = await Promise.all([this.userSpoilers(userId), guildId === undefined ? undefined : this.serverSpoilers(guildId)]);
    return resolveSpoilerPolicy(user, server);
  }

  /** Keeps the person's Discord language for the DMs the bot sends them on its own (written only when it changed). */
  async noteLocale(userId: string, locale: Locale): Promise<void> {
    // A store too slow to read (its step deadline passed) keeps the language last noted: the next /login notes it.
    const noted = await this.kv.get(PREFERENCE_KEY.locale(userId)).then(
      (value) => ({ value }),
      () => undefined,
    );
    if (noted !== undefined && noted.value !== locale) await this.kv.set(PREFERENCE_KEY.locale(userId), locale);
  }

  /** The person's Discord language as last noted; undefined when never noted (English). */
  async lastLocale(userId: string): Promise<Locale | undefined> {
    const raw = await this.kv.get(PREFERENCE_KEY.locale(userId));
    return isLocale(raw) ? raw : undefined;
  }

  /** Whether the person hides themselves from every board. */
  async boardsHidden(userId: string): Promise<boolean> {
    return (await this.kv.get(PREFERENCE_KEY.boardsHidden(userId))) === HIDDEN;
  }

  async setBoardsHidden(userId: string, hidden: boolean): Promise<void> {
    if (hidden) await this.kv.set(PREFERENCE_KEY.boardsHidden(userId), HIDDEN);
    else await this.kv.delete(PREFERENCE_KEY.boardsHidden(userId));
  }

  /** Which of these people hide themselves from every board, read in one step where the store can. A failed read fails: no one is shown by mistake. */
  async hiddenFromBoards(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const keys = userIds.map((id) => PREFERENCE_KEY.boardsHidden(id));
    const values = this.kv.getMany ? await this.kv.getMany(keys) : await Promise.all(keys.map((k) => this.kv.get(k)));
    return new Set(userIds.filter((_, i) => values[i] === HIDDEN));
  }

  /** "Forget me": deletes the person's choices (title form, spoilers, hidden from boards) and their noted language; returns how many records. */
  async forgetUser(userId: string): Promise<number> {
    const deleted = await Promise.all([
      this.kv.delete(PREFERENCE_KEY.user(userId)),
      this.kv.delete(PREFERENCE_KEY.locale(userId)),
      this.kv.delete(PREFERENCE_KEY.userSpoilers(userId)),
      this.kv.delete(PREFERENCE_KEY.boardsHidden(userId)),
    ]);
    return deleted.filter(Boolean).length;
  }
}

/** A preference record: an object whose fields are each read on their own (one not set is absent, not malformed). */
const preferenceDecoder = jsonDecoder<Record<string, unknown>>('pref', (value) => (isRecord(value) ? value : undefined));

function formOf(raw: string | undefined): TitleForm | undefined {
  const value = preferenceDecoder.decode(raw);
  return value && isTitleForm(value.titles) ? value.titles : undefined;
}

/**
 * The policy of what the bot posts in a server on its own (feed posts, watch-party descriptions, poll
 * results): the server's default (/settings server-spoilers), else `sequels`. Nobody's list is known
 * for such a post, so with `sequels` every sequel's synopsis is hidden.
 */
export async function serverSpoilerPolicy(preferences: Pick<TitlePreferences, 'serverSpoilers'>, guildId: string | undefined): Promise<SpoilerPolicy> {
  return (guildId === undefined ? undefined : await preferences.serverSpoilers(guildId)) ?? SPOILER_POLICY_DEFAULT;
}
