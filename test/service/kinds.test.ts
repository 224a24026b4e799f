// One endpoint function per call serves both kinds, from the kind's table (src/service/kinds.ts):
// the paths come from the table, a call a kind does not have is refused before any request, and an
// update writes only the fields the kind's table declares writable.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/service/client.js';
import { InvalidOptionError } from '../../src/service/errors.js';
import { KINDS, WORK_KINDS } from '../../src/service/kinds.js';
import type { TokenSource } from '../../src/service/token-source.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

const auth: TokenSource = { getAccessToken: () => Promise.resolve('tok'), refreshAfterRejection: () => Promise.resolve('tok2') };

describe('the kinds table', () => {
  it('every progress unit reads, writes and totals fields the kind has', () => {
    for (const kind of WORK_KINDS) {
      const spec = KINDS[kind];
      expect(spec.progress).toContain(spec.mainProgress);
      for (const unit of spec.progress) {
        expect(Object.keys(spec.writable)).toContain(unit.write);
        expect(spec.fields as readonly string[]).toContain(unit.total);
        expect(spec.ownFields as readonly string[]).toContain(unit.total);
      }
      expect(spec.statuses).toContain(spec.current);
      expect(spec.statuses).toContain(spec.planned);
      expect(Object.keys(spec.writable)).toEqual(expect.arrayContaining([spec.repeat.flag, spec.repeat.times, spec.repeat.value]));
    }
  });
});

describe('one endpoint per call for both kinds', () => {
  let server: ScriptedServer;
  let client: ServiceClient;

  beforeAll(async () => {
    server = await startScriptedServer(() => ({ status: 200, json: { data: [], paging: {} } }));
    client = new ServiceClient({ apiUrl: server.url, clientId: 'cid', userAgent: 'test/1', backoff: () => 0 });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const lastPath = (): string => {
    const url = server.requests.at(-1)?.url ?? '';
    return url.replace(/\?.*$/, '');
  };

  it('each kind reaches its own paths, through the generic and the kind-named methods alike', async () => {
    await client.searchWorks('manga', { q: 'monster' });
    expect(lastPath()).toMatch(/\/manga$/);
    await client.searchAnime({ q: 'monster' });
    expect(lastPath()).toMatch(/\/anime$/);
    await client.workRanking('manga', { rankingType: 'manhwa' });
    expect(lastPath()).toMatch(/\/manga\/ranking$/);
    await client.userList('manga', 'alice', { status: 'reading', sort: 'manga_title' });
    expect(lastPath()).toMatch(/\/users\/alice\/mangalist$/);
    await client.deleteListStatus('manga', 7, { auth });
    expect(server.requests.at(-1)?.method).toBe('DELETE');
    expect(lastPath()).toMatch(/\/manga\/7\/my_list_status$/);
  });

  it('a call a kind does not have is refused before any request', async () => {
    const before = server.requests.length;
    const error = await client.suggestions('manga', {}, { auth }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option).toBe('kind');
    expect(server.requests.length).toBe(before);
  });

  it('an update names only fields the kind declares writable (not what objects inherit)', async () => {
    const before = server.requests.length;
    for (const key of ['toString', 'constructor', '__proto__x']) {
      const error = await client.updateAnimeListStatus(1, { [key]: 1 } as never, { auth }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidOptionError);
      expect((error as InvalidOptionError).option).toBe(key);
    }
    expect(server.requests.length).toBe(before);
  });
});
