// Keeps the follower index close to the store across processes: new and removed users and servers are
// found by a key scan once per refresh period, and a slice of them is re-read every tick.

import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import type { Pacer } from './pacer.js';
import { KEY, parseGuild, parseUser } from './records.js';
import type { Titles } from './titles.js';

export class IndexSync {
  private reloadCursor = 0;
  private indexLoadedAt = -Infinity;

  constructor(
    private readonly env: ReminderEnv,
    private readonly index: FollowerIndex,
    private readonly titles: Titles,
    private readonly pacer: Pacer,
  ) {}

  /**
   * Keeps the in-memory view of who follows what close to the store: new and removed users and servers
   * are found by a key scan once per refresh period, and a slice of them is re-read every tick so
   * changes made by other processes arrive within that period.
   */
  async sync(now: number): Promise<void> {
    if (now - this.indexLoadedAt >= this.env.knobs.indexRefreshMs) {
      await this.loadAll();
      this.indexLoadedAt = now;
      return;
    }
    const { rawUsers, rawGuilds } = this.index;
    const records = [...[...rawUsers.keys()].map((id) => `u${id}`), ...[...rawGuilds.keys()].map((id) => `g${id}`)];
    const { tickMs, indexRefreshMs } = this.env.knobs;
    const slice = Math.ceil((records.length * tickMs) / Math.max(tickMs, indexRefreshMs));
    for (let i = 0; i < slice && records.length > 0; i++) {
      await this.reload(records[(this.reloadCursor + i) % records.length] ?? '');
      await this.pacer.yieldSometimes();
    }
    this.reloadCursor = records.length > 0 ? (this.reloadCursor + slice) % records.length : 0;
  }

  /** The key scan: drops users and servers no longer stored, reads new ones and their titles' data. */
  private async loadAll(): Promise<void> {
    const { kv } = this.env;
    const index = this.index;
    const userIds = (await kv.keys(KEY.users)).map((k) => k.slice(KEY.users.length));
    const guildIds = (await kv.keys(KEY.guilds)).map((k) => k.slice(KEY.guilds.length));
    const liveUsers = new Set(userIds);
    const liveGuilds = new Set(guildIds);
    for (const id of [...index.users.keys()]) if (!liveUsers.has(id)) index.rememberUser(id, undefined, undefined);
    for (const id of [...index.guilds.keys()]) if (!liveGuilds.has(id)) index.rememberGuild(id, undefined, undefined);
    for (const id of userIds) {
      if (index.rawUsers.has(id)) continue;
      await this.reload(`u${id}`);
      await this.pacer.yieldSometimes();
    }
    for (const id of guildIds) if (!index.rawGuilds.has(id)) await this.reload(`g${id}`);
    for (const id of index.followers().keys()) {
      if (this.titles.known.has(id)) continue;
      const stored = await this.titles.readStored(id);
      if (stored) this.titles.known.set(id, stored);
    }
  }

  /** Re-reads one user's (`u…`) or server's (`g…`) record into the index. */
  private async reload(record: string): Promise<void> {
    const id = record.slice(1);
    if (record.startsWith('g')) {
      const raw = await this.env.kv.get(KEY.guild(id));
      if (raw === undefined || raw !== this.index.rawGuilds.get(id)) this.index.rememberGuild(id, parseGuild(raw), raw);
    } else {
      const raw = await this.env.kv.get(KEY.user(id));
      if (raw === undefined || raw !== this.index.rawUsers.get(id)) this.index.rememberUser(id, parseUser(raw), raw);
    }
  }
}
