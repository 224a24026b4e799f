// The fakes as one standalone process for deploy/check-image-steps.sh: the service emulator and the
// fake Discord on loopback. Prints one JSON line with the environment a bot needs to use them, then
// runs until SIGTERM/SIGINT.

import { startEmulator } from '../emulator/server.js';
import { startFakeDiscord } from '../fake-discord/index.js';

const CLIENT_ID = 'image0check0client0id00000000000';

async function main(): Promise<void> {
  const publicUrl = process.argv[2];
  if (!publicUrl) throw new Error('usage: tsx local-stack/fakes-cli.ts PUBLIC_URL');
  const emulator = await startEmulator({ clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }] });
  const discord = await startFakeDiscord({ applicationId: '1100000000000000003' });
  const env = {
    SERVICE_API_URL: emulator.url,
    SERVICE_AUTH_URL: emulator.url,
    SERVICE_CLIENT_ID: CLIENT_ID,
    DISCORD_TOKEN: discord.botToken,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_URL: discord.apiUrl,
  };
  process.stdout.write(`${JSON.stringify(env)}\n`);
  const stop = (): void => {
    void Promise.allSettled([discord.close(), emulator.close()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
