import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/server.js';
import { call, items, node, record } from '../../emulator/helpers.js';

describe('the emulator’s entryDates option: chosen start and finish dates for a user’s entries', () => {
  it('sets, removes and keeps dates per entry, and the last update; the list shows them when asked', async () => {
    const updated = Date.UTC(2024, 6, 4, 12);
    const emu = await startEmulator({
      users: [
        {
          name: 'dora',
          password: 'pw',
          lists: { anime: 40, manga: 0 },
          entryDates: (kind, id) =>
            id % 3 === 0 ? { start_date: '2024-01-00', finish_date: '2024-05-00' } : id % 3 === 1 ? { finish_date: '', updatedAt: updated } : undefined,
        },
      ],
      catalogue: { size: 200 },
    });
    try {
      const rows = items((await call(emu, '/users/dora/animelist?limit=1000&nsfw=true&fields=list_status{start_date,finish_date}')).json);
      expect(rows).toHaveLength(40);
      for (const row of rows) {
        const id = Number(node(row).id);
        const status = record(row.list_status);
        if (id % 3 === 0) {
          expect(status.start_date).toBe('2024-01-00');
          expect(status.finish_date).toBe('2024-05-00');
        } else if (id % 3 === 1) {
          expect(status).not.toHaveProperty('finish_date');
          expect(Date.parse(String(status.updated_at))).toBe(updated);
        }
      }
    } finally {
      await emu.close();
    }
  });

  it('refuses a malformed date at start', async () => {
    await expect(startEmulator({ users: [{ name: 'dora', password: 'pw', lists: { anime: 5, manga: 0 }, entryDates: () => ({ finish_date: '2024/05/01' }) }], catalogue: { size: 50 } })).rejects.toThrow(
      /finish_date "2024\/05\/01" is not YYYY-MM-DD/,
    );
  });
});
