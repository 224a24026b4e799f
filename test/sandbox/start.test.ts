// startSandbox over both transports: the page's API runs a command through the fake Discord to the
// real bot and shows its answer; stop() closes every server.

import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/index.js';
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

      // The page's language picker: the command goes out in the acting user's Discord language.
      const ja = await fetch(new URL('/api/command', sandbox.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ place: 'general', user, name: 'profile', options: {}, locale: 'ja', guildLocale: 'de' }),
      });
      expect(ja.status).toBe(200);
      await expect
        .poll(
          async () => {
            const res = await fetch(new URL(`/api/timeline?place=general&user=${user}&since=`, sandbox.url));
            body = (await res.json()) as TimelineBody;
            return body.entries.find((e) => e.label === '/profile')?.messages[0]?.embeds[0]?.title ?? '';
          },
          { timeout: 15_000 },
        )
        .toBe(`⚠️ ${translator('ja').t('error.notLoggedIn.title')}`);
      const refused = await fetch(new URL('/api/command', sandbox.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ place: 'general', user, name: 'profile', options: {}, locale: 'xx' }),
      });
      expect(refused.status).toBe(400);
    } finally {
      await sandbox.stop();
    }
    await expect(fetch(sandbox.url)).rejects.toThrow();
    await expect(fetch(sandbox.emulator.url)).rejects.toThrow();
  }, 60_000);
});
