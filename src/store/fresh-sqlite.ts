// A start that fails must not leave a new, empty SQLite store behind (e.g. data/bot.sqlite after a
// rejected DISCORD_TOKEN). Before start-up, note what does not exist yet; after a failed start,
// remove exactly that: the file SQLite created, its -wal/-shm/-journal companions and the folders
// created for it (only if they are empty). An existing store is never touched.

import { existsSync } from 'node:fs';
import { rm, rmdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseStoreUrl } from '../config/store-url.js';

const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/** Call before opening the store; the returned function undoes what opening created (a no-op for an existing file or another engine). */
export function undoNewSqliteStore(storeUrl: string, cwd = process.cwd()): () => Promise<void> {
  let location;
  try {
    location = parseStoreUrl(storeUrl);
  } catch {
    return async () => {};
  }
  if (location.engine !== 'sqlite') return async () => {};
  const file = resolve(cwd, location.path);
  if (existsSync(file)) return async () => {};
  // The folders that do not exist yet, deepest first.
  const missingFolders: string[] = [];
  for (let folder = dirname(file); !existsSync(folder) && folder !== dirname(folder); folder = dirname(folder)) missingFolders.push(folder);
  return async () => {
    await Promise.all(COMPANIONS.map((suffix) => rm(`${file}${suffix}`, { force: true })));
    for (const folder of missingFolders) {
      // Fails (and stops) on a folder that is not empty: something else lives there now.
      if (!(await rmdir(folder).then(() => true, () => false))) break;
    }
  };
}
