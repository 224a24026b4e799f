// `--only import`, a hostile file (issue 38 item 1): `/list anime import` of a gzip holding `<myanimelist>`
// and elements nested 1 000 deep, and the million deep (3 MB unpacked, a few KB gzipped, under
// every size cap). The reader refuses a file nested deeper than the format at the first element past its
// levels and the attachment's body is closed: the time from the command to the refusal, and the heap's
// peak and the RSS above the settled process before it (sampled every 10 ms; the emulator and the fake
// Discord run in this process too). Before the limit, the million-deep file raised memory by 285 MB.

import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { DEFAULT_USERS } from '../emulator/server.js';
import { GUILD, newUser, startStack, textOf } from '../local-stack/harness.js';
import type { BenchOptions } from './options.js';
import { fixed, mb, table } from './stats.js';

function settled(): { heap: number; rss: number } {
  for (let i = 0; i < 4; i++) globalThis.gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

/** A list export's root holding `depth` nested elements, gzipped. */
function nestedFile(depth: number): { gz: Buffer; unpacked: number } {
  const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist>${'<a>'.repeat(depth)}`);
  return { gz: gzipSync(xml, { level: 9 }), unpacked: xml.length };
}

export async function runNestingBench(_o: BenchOptions): Promise<void> {
  console.log('\n== list files: import of a deeply nested file (refused at the format\'s depth) ==');
  const account = { name: 'nester', password: 'nester-password' };
  const stack = await startStack({ emulator: { users: [...DEFAULT_USERS, account] } });
  try {
    const person = newUser('nester');
    await stack.login(person, account);
    const rows: string[][] = [];
    for (const depth of [1_000, 1_000_000]) {
      const file = nestedFile(depth);
      const before = settled();
      let heap = before.heap;
      let rss = before.rss;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        heap = Math.max(heap, m.heapUsed);
        rss = Math.max(rss, m.rss);
      }, 10);
      const started = performance.now();
      const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'import', options: { file: stack.discord.upload('animelist.xml.gz', file.gz) }, user: person, where: GUILD });
      const answer = await handle.waitForOriginal((m) => textOf(m).length > 0, 60_000);
      const ms = performance.now() - started;
      clearInterval(sampler);
      const refused = textOf(answer).includes('nested deeper');
      rows.push([`${depth.toLocaleString('en')} levels`, `${fixed(file.gz.length / 1024, 1)} KB gz, ${fixed(file.unpacked / 1024, 0)} KB unpacked`, refused ? 'yes' : `no (${textOf(answer).replace(/\s+/g, ' ').slice(0, 50)})`, fixed(ms, 0), mb(heap - before.heap), mb(rss - before.rss)]);
    }
    console.log(table(['nesting', 'file', 'refused', 'ms to the answer', 'heap peak MB over settled', 'RSS peak MB over settled'], rows));
  } finally {
    await stack.stop();
  }
}
