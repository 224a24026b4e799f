// One bot process's request line on a shared store, for the slow-store pacing test and bench: it opens the engine
// through the store steps (the deployment's step deadline), writes its heartbeat, and then, told by the
// parent on stdin: `beat` (read the live processes again: every process has started), `go` (acquire
// `callers` interactive slots, one person each, and print when each was granted, wall clock).
// Argument: a JSON PacingJob.
import { createInterface } from 'node:readline';
import { DEFAULT_REQUESTS_BURST, DEFAULT_REQUESTS_PER_SECOND, DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { openEngine } from '../src/store/engines/index.js';
import { StoreSteps } from '../src/store/store-steps.js';
import { StoreUpstreamBudget } from '../src/store/request-line/shared-line.js';
import { LiveProcesses } from '../src/store/request-line/live-processes.js';

export interface PacingJob {
  url: string;
  line: string;
  callers: number;
  name: string;
}

export interface PacingResult {
  granted: number[];
  failedOpen: number;
  share: { count: number; index: number };
}

const job = JSON.parse(process.argv[2] ?? '{}') as PacingJob;
const engine = await openEngine(job.url);
let failedOpen = 0;
const steps = new StoreSteps(engine, { timeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS, onFailOpen: () => void failedOpen++ });
const stepped = steps.for('budget');
const processes = new LiveProcesses(stepped, { line: job.line });
await processes.start();
const budget = new StoreUpstreamBudget(stepped, { requestsPerSecond: DEFAULT_REQUESTS_PER_SECOND, burst: DEFAULT_REQUESTS_BURST, name: job.line, processes });

const say = (line: string): void => void process.stdout.write(`${line}\n`);
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const command = line.trim();
  if (command === 'beat') void processes.beat().then(() => say('beaten'));
  if (command === 'go') void run();
});
say('ready');

async function run(): Promise<void> {
  const granted: number[] = [];
  await Promise.all(
    Array.from({ length: job.callers }, (_, i) => budget.acquire('interactive', { person: `${job.name}-${i}` }).then(() => void granted.push(Date.now()))),
  );
  const result: PacingResult = { granted, failedOpen, share: processes.share() };
  say(JSON.stringify(result));
  lines.close();
  await budget.close().catch(() => undefined);
  await engine.close().catch(() => undefined);
  process.exit(0);
}
