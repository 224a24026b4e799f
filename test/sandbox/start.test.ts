// startSandbox over both transports: the page's API runs a command through the fake Discord to the
// real bot and shows its answer; stop() closes every server.

import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { startSandbox, type SandboxTransport } from '../../sandbox/start.js';

interface TimelineBody {
  etag: string;
  entries: Array<{ state: string; label: string; messages: Array<{ embeds: Array<{ title?: string }> }> }>;
}

describe.each<SandboxTransport>(['gateway', 'http'])('the sandbox over the %s transport', (transport) => {
  it('answers a command sent from the page and stops cleanly', async () => {
    const sandbox = await startSandbox({ port: 0, transport, log: silentLogger });
    try {
      const world = (await (await fetch(new URL('/api/world', sandbox.url))).json()) as { users: Array<{ id: string }> };
      const user = world.users[0]?.id ?? '';
      const sent = await fetch(new URL('/api/command', sandbox.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ place: 'general', user, name: 'anime', sub: 'search', options: { query: 'Hokuto' } }),
      });
      expect(sent.status).toBe(200);
      let body: TimelineBody = { etag: '', entries: [] };
      await expect
        .poll(
          async () => {
            const res = await fetch(new URL(`/api/timeline?place=general&user=${user}&since=${encodeURIComponent(body.etag)}`, sandbox.url));
            body = (await res.json()) as TimelineBody;
            // #general also shows the feed's post from the seeded community: the command's entry by its label.
            return body.entries.find((e) => e.label.startsWith('/anime search'))?.messages[0]?.embeds[0]?.title ?? '';
          },
          { timeout: 15_000 },
        )
        .toContain('Hokuto');
      expect(body.entries.find((e) => e.label.startsWith('/anime search'))).toMatchObject({ state: 'answered', label: '/anime search query: Hokuto' });
    } finally {
      await sandbox.stop();
    }
    await expect(fetch(sandbox.url)).rejects.toThrow();
    await expect(fetch(sandbox.emulator.url)).rejects.toThrow();
  }, 60_000);
});
