// Where the real recorded responses live: the repository's own copies in test/fixtures/real/
// (SOURCES.md there says where each was captured). A clone with nothing beside it has them.

import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/real');
