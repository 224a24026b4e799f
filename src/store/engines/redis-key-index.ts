// The Redis engine's index of its own keys, so listing by prefix reads the keys under the prefix
// (a ZRANGEBYLEX on a sorted set) instead of SCANning the whole keyspace. Every write of the engine
// updates the index in the same script; keys with an expiry are also kept in a second sorted set by
// their expiry time so the sweep can drop the index entries of keys Redis expired by itself.

import type { Redis } from 'ioredis';
import { prefixSuccessor } from '../engine.js';

/** The index's own keys under the engine's prefix (reserved: no record may be named so). */
export const INDEX_KEYS = '__idx:keys';
export const INDEX_EXPIRY = '__idx:expiry';
export const INDEX_BUILT = '__idx:built';

// KEYS: record, index, expiry index. ARGV: member, expiry time ('' none). Shared tail of every write.
const INDEX_WRITE = `
redis.call('ZADD', KEYS[2], 0, ARGV[1])
if ARGV[2] == '' then redis.call('ZREM', KEYS[3], ARGV[1]) else redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1]) end
return 1`;

/** ARGV: member, expiry time, value, px ('' none), only if absent ('1'/'0'). */
export const SET_INDEXED = `
local r
if ARGV[4] == '' then
  if ARGV[5] == '1' then r = redis.call('SET', KEYS[1], ARGV[3], 'NX') else r = redis.call('SET', KEYS[1], ARGV[3]) end
else
  if ARGV[5] == '1' then r = redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4], 'NX') else r = redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4]) end
end
if not r then return 0 end
${INDEX_WRITE}`;

/** ARGV: member, expiry time, expected, next, px ('' none). */
export const COMPARE_AND_SET_INDEXED = `
if redis.call('GET', KEYS[1]) ~= ARGV[3] then return 0 end
if ARGV[5] == '' then redis.call('SET', KEYS[1], ARGV[4]) else redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5]) end
${INDEX_WRITE}`;

/** ARGV: member, expected ('' with mode 'any'), mode: 'any' deletes, 'take' returns the value, 'cas' compares first. */
export const DELETE_INDEXED = `
local value = redis.call('GET', KEYS[1])
if ARGV[3] == 'cas' and value ~= ARGV[2] then return false end
local gone = redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if ARGV[3] == 'take' then return value end
return gone`;

/**
 * KEYS: index, expiry index, then the batch's records. ARGV: per record its member, 's' (set) or 'd'
 * (delete), and the value ('' for a delete). Every write of the batch in one script.
 */
export const WRITE_MANY_INDEXED = `
for i = 1, #KEYS - 2 do
  local m = ARGV[3 * i - 2]
  if ARGV[3 * i - 1] == 'd' then
    redis.call('DEL', KEYS[i + 2])
    redis.call('ZREM', KEYS[1], m)
  else
    redis.call('SET', KEYS[i + 2], ARGV[3 * i])
    redis.call('ZADD', KEYS[1], 0, m)
  end
  redis.call('ZREM', KEYS[2], m)
end
return 1`;

/**
 * KEYS: index, expiry index. ARGV: min, max (ZRANGEBYLEX bounds), the engine's prefix. The live keys in
 * the range; entries whose record is gone (expired by Redis) leave the index on the way.
 */
export const LIST_INDEXED = `
local members = redis.call('ZRANGEBYLEX', KEYS[1], ARGV[1], ARGV[2])
local live = {}
for _, m in ipairs(members) do
  if redis.call('EXISTS', ARGV[3] .. m) == 1 then
    live[#live + 1] = m
  else
    redis.call('ZREM', KEYS[1], m)
    redis.call('ZREM', KEYS[2], m)
  end
end
return live`;

/**
 * KEYS: index, expiry index. ARGV: now, the engine's prefix, batch size. Drops the entries of keys whose
 * expiry passed and whose record Redis removed; a key written again meanwhile gets its current expiry.
 * Returns how many entries it looked at (a full batch: call again).
 */
export const PRUNE_INDEX = `
local due = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, m in ipairs(due) do
  local ttl = redis.call('PTTL', ARGV[2] .. m)
  if ttl == -2 then
    redis.call('ZREM', KEYS[1], m)
    redis.call('ZREM', KEYS[2], m)
  elseif ttl == -1 then
    redis.call('ZREM', KEYS[2], m)
  else
    redis.call('ZADD', KEYS[2], tonumber(ARGV[1]) + ttl, m)
  end
end
return #due`;

/** ZRANGEBYLEX bounds for the keys starting with `prefix`. */
export function lexRange(prefix: string): [string, string] {
  if (prefix === '') return ['-', '+'];
  const after = prefixSuccessor(prefix);
  return [`[${prefix}`, after === undefined ? '+' : `(${after}`];
}

const BUILD_BATCH = 500;

/**
 * Indexes the records a store already held when it was first opened by a version with the index (one
 * SCAN, once per store: a marker says it was done). Only string records are the engine's: the job
 * engine's hashes and lists under the same prefix are left out. A record deleted while this runs
 * leaves an entry that the next listing of its prefix drops.
 */
export async function buildKeyIndex(redis: Redis, prefix: string, now: number): Promise<void> {
  if ((await redis.get(prefix + INDEX_BUILT)) !== null) return;
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${escapeGlob(prefix)}*`, 'COUNT', BUILD_BATCH);
    cursor = next;
    const keys = batch.filter((k) => !k.startsWith(`${prefix}__idx:`));
    if (keys.length === 0) continue;
    const probe = redis.pipeline();
    for (const key of keys) probe.type(key).pttl(key);
    const answers = (await probe.exec()) ?? [];
    const write = redis.pipeline();
    keys.forEach((key, i) => {
      const type = answers[i * 2]?.[1];
      const ttl = Number(answers[i * 2 + 1]?.[1]);
      if (type !== 'string') return;
      const member = key.slice(prefix.length);
      write.zadd(prefix + INDEX_KEYS, 0, member);
      if (ttl > 0) write.zadd(prefix + INDEX_EXPIRY, now + ttl, member);
    });
    await write.exec();
  } while (cursor !== '0');
  await redis.set(prefix + INDEX_BUILT, String(now));
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
