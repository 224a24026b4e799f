// The default of every setting, in one leaf module: the config reads them to fill what the
// environment leaves out, and the modules they configure read them from here (config imports none
// of those modules).

/** Header carrying the client ID on requests made without a user's token (the service's contract). */
export const DEFAULT_CLIENT_ID_HEADER = 'X-SERVICE-CLIENT-ID';

/** Whole-call deadline of one upstream attempt. */
export const DEFAULT_TIMEOUT_MS = 8_000;
/**
 * The largest legitimate answer, a 1000-entry list with every field, is about 2.6 MB (measured
 * against the emulator, `npm run bench -- --only faults`); the cap leaves room for longer texts.
 */
export const DEFAULT_MAX_BODY_BYTES = 12 * 1024 * 1024;
export const DEFAULT_MAX_CONNECTIONS = 16;

/** Anonymous GET answers: fresh for 2 minutes, served stale during an outage for a day, 32 MiB of bodies. */
export const DEFAULT_CACHE_TTL_MS = 2 * 60_000;
export const DEFAULT_CACHE_STALE_MS = 24 * 60 * 60_000;
export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Whole-client back-off after throttling: the first window, doubled up to the cap while it goes on. */
export const DEFAULT_COOL_OFF_MS = 2_000;
export const DEFAULT_COOL_OFF_MAX_MS = 60_000;

/** What one interaction may spend, from its arrival to its final answer. */
export const DEFAULT_COMMAND_BUDGET_MS = 10_000;
export const DEFAULT_COMPONENT_BUDGET_MS = 10_000;
export const DEFAULT_AUTOCOMPLETE_BUDGET_MS = 1_500;
/**
 * How long a command's or a button's requests may wait for their turn in the deployment's line, in all,
 * without it counting against the budget above. The bot has deferred the answer by then (at 1.2 s; the
 * person sees "thinking…") and Discord keeps a deferred interaction's token for 15 minutes, so the
 * person is told "the bot is busy" at once only when the line cannot start their request within this
 * wait: at the default 2 requests per second, 30 s is 60 people's requests ahead of them. A reply
 * that is not deferred (autocomplete, or an answer Discord refused to defer) keeps Discord's 3 s. At
 * most 30 s (DEFERRED_LINE_WAIT_MS): with a command's budget that stays under the 60 s before expiry at
 * which a person's access token is refreshed, so the token a request read before its wait still holds
 * when its turn comes.
 */
export const DEFAULT_DEFERRED_LINE_WAIT_MS = 30_000;
export const MAX_DEFERRED_LINE_WAIT_MS = 30_000;
/**
 * What a long command (`long: true`, a list export) may spend: a 20 000-entry list is 20 reads of up
 * to ~2.6 MB each, queued in the shared budget behind people's commands, each with its own 8 s attempt
 * deadline and retries. Five minutes covers that with room and stays far under the 15 minutes an
 * interaction's token lets the bot edit its reply, so the person always gets the file or a clear error.
 */
export const DEFAULT_LONG_COMMAND_BUDGET_MS = 5 * 60_000;

/**
 * The longest one store step on a person's path may take (the shared cool-off and request line, the
 * shared response cache, nsfw ratings, title preferences) before it falls back as if the store were
 * down: the process's own pacing, a cache miss, the defaults. A healthy store answers in a few ms.
 */
export const DEFAULT_STORE_STEP_TIMEOUT_MS = 300;

/** The PostgreSQL table and the Redis key prefix the store uses unless STORE_URL names others. */
export const DEFAULT_POSTGRES_TABLE = 'amls_store';
export const DEFAULT_REDIS_PREFIX = 'amls:';

/**
 * The deployment's upstream budget, counted in one-second windows shared by every process. The
 * service documents no limit and answers throttling with a bare 403 (no Retry-After), and it has
 * blocked whole client IDs: 2 requests per second is a conservative default that still answers a
 * small community quickly (a details answer costs one to three requests, most answers come from the
 * caches) — raise it only while amls_bot_upstream_cool_offs_total stays at 0.
 */
export const DEFAULT_REQUESTS_PER_SECOND = 2;
/**
 * Requests the deployment may send at once above that pace after a quiet spell (the line's burst
 * tolerance): a few people arriving together are answered at once instead of one every 1/rate s,
 * while the sustained rate stays SERVICE_REQUESTS_PER_SECOND. The second of a burst then holds up
 * to rate + 1 + burst requests (5 at the defaults); set 0 if the service throttles such seconds.
 */
export const DEFAULT_REQUESTS_BURST = 2;

/** The activity feed: a member's list changes within this many seconds become one post. */
export const DEFAULT_FEED_BATCH_SECONDS = 120;
/** The base interval between two syncs of a joined member's mirrored lists (SOCIAL_LIST_SYNC_MINUTES). */
export const DEFAULT_SOCIAL_LIST_SYNC_MINUTES = 30;

/** Discord's attachment hosts, where an import's file may be fetched from; ATTACHMENT_HOSTS replaces them. */
export const DEFAULT_ATTACHMENT_HOSTS = ['cdn.discordapp.com', 'media.discordapp.net'] as const;

/** The hosts the service's picture URLs (`main_picture`) use; COVER_HOSTS replaces them. */
export const DEFAULT_COVER_HOSTS = ['api-cdn.myanimelist.net', 'cdn.myanimelist.net'] as const;
/** The shared cover cache's bound (COVER_CACHE_MAX_BYTES): slots × the largest thumbnail kept. */
export const DEFAULT_COVER_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** The largest thumbnail (its stored form) the shared cover cache keeps. */
export const COVER_CACHE_ENTRY_BYTES = 64 * 1024;
