// Command-line options of `npm run bench -- [options]`.

export const PARTS = ['formatting', 'latency', 'memory', 'service', 'store', 'ops', 'http', 'reminders', 'catalogue', 'faults', 'economy', 'social', 'pictures', 'import', 'recaps', 'games'] as const;
export type Part = (typeof PARTS)[number];
/**
 * Parts run without --only. `economy` needs PostgreSQL/Redis and a few minutes, `social` (1 000 members'
 * lists) a few minutes too, `pictures` (1 000 renders) a minute or two: only when named with --only.
 */
export const DEFAULT_PARTS: readonly Part[] = PARTS.filter((p) => p !== 'economy' && p !== 'social' && p !== 'pictures' && p !== 'import' && p !== 'recaps');

export interface BenchOptions {
  quick: boolean;
  parts: Set<Part>;
  /** Latency samples per scenario (after warm-up). */
  samples: number;
  /** Interactions before the first memory sample (fills the bot's bounded caches). */
  memoryWarmup: number;
  /** Interactions measured after the warm-up. */
  memoryInteractions: number;
  /** A memory sample every this many interactions. */
  memoryStep: number;
  /** Interactions in flight at once during the memory run. */
  memoryConcurrency: number;
  /** Requests per service-client scenario. */
  requests: number;
  concurrency: number;
  catalogueSize: number;
  /** Ranking requests timed on the large catalogue. */
  catalogueRequests: number;
}

export const USAGE = `Usage: npm run bench -- [--quick] [--only ${PARTS.join(',')}] [--samples N]
                       [--interactions N] [--warmup N] [--requests N] [--concurrency N] [--catalogue-size N]
  --quick            short run (fewer samples and interactions) for a smoke check
  --only LIST        run only these parts (comma-separated); economy, social, pictures, import and recaps run only when named
  --samples N        latency samples per scenario (default 100, quick 20)
  --interactions N   measured interactions of the memory run (default 5000, quick 1000)
  --warmup N         memory warm-up interactions (default 1500, quick 300)
  --requests N       requests per service-client scenario (default 2000, quick 300)
  --concurrency N    concurrent service-client requests (default 8)
  --catalogue-size N works in the large emulator catalogue (default 100000)`;

function positiveInt(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer`);
  return n;
}

export function parseOptions(argv: readonly string[]): BenchOptions | 'help' {
  const quick = argv.includes('--quick');
  const o: BenchOptions = {
    quick,
    parts: new Set(DEFAULT_PARTS),
    samples: quick ? 20 : 100,
    memoryWarmup: quick ? 300 : 1500,
    memoryInteractions: quick ? 1000 : 5000,
    memoryStep: quick ? 250 : 1000,
    memoryConcurrency: 4,
    requests: quick ? 300 : 2000,
    concurrency: 8,
    catalogueSize: 100_000,
    catalogueRequests: quick ? 20 : 60,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (): string | undefined => argv[++i];
    switch (flag) {
      case '--quick':
        break;
      case '--help':
      case '-h':
        return 'help';
      case '--only': {
        const names = (value() ?? '').split(',').filter(Boolean);
        const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n));
        if (names.length === 0 || unknown.length > 0) throw new Error(`--only takes some of ${PARTS.join(',')}`);
        o.parts = new Set(names as Part[]);
        break;
      }
      case '--samples':
        o.samples = positiveInt(flag, value());
        break;
      case '--interactions':
        o.memoryInteractions = positiveInt(flag, value());
        break;
      case '--warmup':
        o.memoryWarmup = positiveInt(flag, value());
        break;
      case '--requests':
        o.requests = positiveInt(flag, value());
        break;
      case '--concurrency':
        o.concurrency = positiveInt(flag, value());
        break;
      case '--catalogue-size':
        o.catalogueSize = positiveInt(flag, value());
        break;
      default:
        throw new Error(`unknown option ${String(flag)}\n${USAGE}`);
    }
  }
  return o;
}
