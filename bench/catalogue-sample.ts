// Ids and titles of safe-for-work works in the emulator's catalogue, read once through the service
// client, so the benchmarks can ask the bot for many distinct (uncached) things.

import { ServiceClient } from '../src/service/client.js';

export interface Work {
  id: number;
  title: string;
}

export interface CatalogueSample {
  anime: Work[];
  manga: Work[];
  /** Distinct search texts (3–60 characters) from the titles: single words, first two words, whole titles. */
  queries: string[];
  /** Distinct texts as typed into an autocomplete: prefixes (3+ characters) of the titles. */
  typed: string[];
}

export async function sampleCatalogue(apiUrl: string, clientId: string): Promise<CatalogueSample> {
  const service = new ServiceClient({ apiUrl, clientId, userAgent: 'amls-bench' });
  try {
    const collect = async (kind: 'anime' | 'manga'): Promise<Work[]> => {
      const works: Work[] = [];
      for (let offset = 0; offset < 5000; offset += 500) {
        const page =
          kind === 'anime'
            ? await service.animeRanking({ rankingType: 'all', limit: 500, offset, nsfw: true, fields: 'nsfw' })
            : await service.mangaRanking({ rankingType: 'all', limit: 500, offset, nsfw: true, fields: 'nsfw' });
        for (const { node } of page.data) {
          if (node.nsfw === 'white' && typeof node.title === 'string') works.push({ id: node.id, title: node.title });
        }
        if (!page.paging.next) break;
      }
      return works;
    };
    const anime = await collect('anime');
    const manga = await collect('manga');
    const titles = [...anime, ...manga].map((w) => w.title.toLowerCase());
    const words = new Set<string>();
    const pairs = new Set<string>();
    for (const title of titles) {
      const parts = title.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      for (const word of parts) if (word.length >= 3) words.add(word);
      if (parts.length >= 2) pairs.add(parts.slice(0, 2).join(' '));
    }
    const queries = [...new Set([...words, ...pairs, ...titles])].filter((q) => q.trim().length >= 3 && q.length <= 60);
    const typed = new Set<string>();
    for (let end = 3; end <= 40; end++) {
      for (const title of titles) {
        const text = title.slice(0, end);
        // The bot trims what was typed; keep only texts that are distinct after trimming.
        if (title.length >= end && text === text.trim() && text.length >= 3) typed.add(text);
      }
    }
    if (anime.length < 50 || manga.length < 50 || queries.length < 300 || typed.size < 1000) {
      throw new Error(`catalogue too small for the benchmark: ${anime.length} anime, ${manga.length} manga, ${queries.length} queries`);
    }
    return { anime, manga, queries, typed: [...typed] };
  } finally {
    await service.close();
  }
}
