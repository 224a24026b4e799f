// Airing data of followed titles: what this process knows, backed by the stored records.

import type { AtomicKv } from './kv.js';
import { KEY, parseTitle, type TitleInfo } from './records.js';

export class Titles {
  /** Title id → airing data as this process last fetched or read it. */
  readonly known = new Map<number, TitleInfo>();

  constructor(private readonly kv: AtomicKv) {}

  /** A title's airing data as this process knows it, else as stored. */
  async stored(id: number): Promise<TitleInfo | undefined> {
    return this.known.get(id) ?? parseTitle(await this.kv.get(KEY.title(id)));
  }

  /** The stored record only, ignoring what this process knows. */
  async readStored(id: number): Promise<TitleInfo | undefined> {
    return parseTitle(await this.kv.get(KEY.title(id)));
  }

  async save(info: TitleInfo): Promise<void> {
    this.known.set(info.id, info);
    await this.kv.set(KEY.title(info.id), JSON.stringify(info));
  }
}
