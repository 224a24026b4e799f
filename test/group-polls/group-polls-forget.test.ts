// "Forget me" scrubs the creator from a poll through the store's compare-and-set helper: a poll changed
// at the same moment (the single compare-and-set of before lost, and the creator's id stayed) is
// read again and scrubbed.
import { describe, expect, it } from 'vitest';
import { GroupPolls } from '../../src/group-polls/group-polls.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { silentLogger } from '../../src/log/log.js';
import { contendedEngine } from '../store/contended-engine.js';

describe('group polls: forget me under contention', () => {
  it('scrubs the creator from a poll whose first write lost to a concurrent change', async () => {
    const engine = new MemoryEngine();
    const expiresAt = Date.now() + 3_600_000;
    const poll = { messageId: '900', channelId: '1', guildId: '2', kind: 'anime', creatorId: '3', locale: 'en-US', expiresAt, answers: [] };
    await engine.set('gpoll:poll:900', JSON.stringify(poll));
    const jobs = new InProcessJobEngine(engine, Date.now, () => undefined, 0);
    const polls = new GroupPolls({ kv: contendedEngine(1, engine), jobs, now: Date.now, log: silentLogger });
    expect(await polls.forgetUser('3')).toBe(1);
    expect(JSON.parse((await engine.get('gpoll:poll:900')) ?? '{}')).toMatchObject({ creatorId: '', expiresAt });
    await jobs.stop();
  });
});
