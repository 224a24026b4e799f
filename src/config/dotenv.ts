// Loads `.env` from the working directory when present (Node's own loader; no dependency).
// Variables already set in the environment win.

import { existsSync } from 'node:fs';

export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
