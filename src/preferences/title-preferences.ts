// How each person reads titles: their own choice of title form (/settings titles), the server's
// default (/settings server-titles), else the service's main title. Kept in the shared store as
// small JSON records: `pref:user:<discord id>` and `pref:guild:<server id>`.

import { LRUCache } from 'lru-cache';
import type { StoreEngine } from '../store/engine.js';
import { isTitleForm, MAIN_TITLE_FORM, type TitleForm } from '../service/title-forms.js';
import { isRecord } from '../util/is-record.js';

export type PreferencesKv = Pick<StoreEngine, 'get' | 'set' | 'delete'>;

export const PREFERENCE_KEY = {
  user: (userId: string) => `pref:user:${userId}`,
  guild: (guildId: string) => `pref:guild:${guildId}`,
} as const;

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

/** How long a process trusts a server default it read (another process's change shows after at most this). */
export const SERVER_DEFAULT_MEMO_MS = 60_000;
const SERVER_DEFAULT_MEMO_MAX = 10_000;

export interface TitlePreferencesOptions {
  kv: PreferencesKv;
  now?: () => number;
}

export class TitlePreferences {
  private readonly kv: PreferencesKv;
  /** Server defaults read recently (`none`: none set), so most interactions cost one store read. */
  private readonly serverMemo: LRUCache<string, TitleForm | 'none'>;

  constructor(o: TitlePreferencesOptions) {
    this.kv = o.kv;
    const now = o.now ?? Date.now;
    this.serverMemo = new LRUCache<string, TitleForm | 'none'>({ max: SERVER_DEFAULT_MEMO_MAX, ttl: SERVER_DEFAULT_MEMO_MS, ttlResolution: 0, perf: { now } });
  }

  /** The person's own choice, if any. */
  async userForm(userId: string): Promise<TitleForm | undefined> {
    return formOf(await this.kv.get(PREFERENCE_KEY.user(userId)));
  }

  async setUserForm(userId: string, form: TitleForm): Promise<void> {
    await this.kv.set(PREFERENCE_KEY.user(userId), JSON.stringify({ titles: form }));
  }

  /** The server's default as stored now (no memo). */
  async serverForm(guildId: string): Promise<TitleForm | undefined> {
    const form = formOf(await this.kv.get(PREFERENCE_KEY.guild(guildId)));
    this.serverMemo.set(guildId, form ?? 'none');
    return form;
  }

  /** Sets the server's default; `undefined` resets it (members without a choice see the main title). */
  async setServerForm(guildId: string, form: TitleForm | undefined): Promise<void> {
    if (form === undefined) await this.kv.delete(PREFERENCE_KEY.guild(guildId));
    else await this.kv.set(PREFERENCE_KEY.guild(guildId), JSON.stringify({ titles: form }));
    this.serverMemo.set(guildId, form ?? 'none');
  }

  /**
   * The form that applies to a person here: one store read (theirs); the server's default only when
   * they chose none, from this process's memo when it read it in the last minute.
   */
  async formFor(userId: string, guildId: string | undefined): Promise<AppliedTitleForm> {
    const user = await this.userForm(userId);
    if (user !== undefined || guildId === undefined) return resolveTitleForm(user, undefined);
    const memo = this.serverMemo.get(guildId);
    const server = memo === undefined ? await this.serverForm(guildId) : memo === 'none' ? undefined : memo;
    return resolveTitleForm(undefined, server);
  }

  /** "Forget me": deletes the person's choice; returns how many records. */
  async forgetUser(userId: string): Promise<number> {
    return (await this.kv.delete(PREFERENCE_KEY.user(userId))) ? 1 : 0;
  }
}

function formOf(raw: string | undefined): TitleForm | undefined {
  if (raw === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) && isTitleForm(value.titles) ? value.titles : undefined;
  } catch {
    return undefined;
  }
}
