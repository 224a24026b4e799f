// The sandbox page's view of interactions: a reply Discord refuses (a limit) shows as a failed
// interaction with Discord's reason, a missed deadline as "did not respond", and ephemeral answers
// only to the person who ran the command.

import { Events, MessageFlags, type Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginClient, registerTestCommands, startFakeDiscord, testCommand, type FakeDiscord } from '../discord/index.js';
import { Actions, ActionError } from '../../sandbox/actions.js';
import { PLACES, USERS } from '../../sandbox/places.js';
import { Timeline } from '../../sandbox/timeline.js';

const [general, , dm] = PLACES as [(typeof PLACES)[0], (typeof PLACES)[0], (typeof PLACES)[0]];
const [aiko, ben] = USERS as [(typeof USERS)[0], (typeof USERS)[0]];

describe('sandbox timeline', () => {
  let fake: FakeDiscord;
  let client: Client;
  let timeline: Timeline;
  let actions: Actions;

  beforeAll(async () => {
    fake = await startFakeDiscord({ ackDeadlineMs: 500 });
    client = await loginClient(fake);
    await registerTestCommands(fake, [
      testCommand('say', [
        { name: 'what', description: 'what to answer', type: 3, required: true, choices: [{ name: 'long', value: 'long' }, { name: 'secret', value: 'secret' }, { name: 'nothing', value: 'nothing' }] },
        { name: 'times', description: 'a number', type: 4, min_value: 1, max_value: 3 },
      ]),
    ]);
    client.on(Events.InteractionCreate, (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const what = interaction.options.getString('what', true);
      if (what === 'long') void interaction.reply({ content: 'x'.repeat(2001) }).catch(() => undefined);
      if (what === 'secret') void interaction.reply({ content: 'just for you', flags: MessageFlags.Ephemeral });
    });
    timeline = new Timeline(fake);
    actions = new Actions(fake, timeline);
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  const settle = async (check: () => boolean): Promise<void> => {
    await expect.poll(check, { timeout: 5000 }).toBe(true);
  };

  it('shows a reply Discord refuses as a failed interaction with the reason', async () => {
    const entry = actions.runCommand(general, aiko, { name: 'say', options: { what: 'long' } });
    await settle(() => timeline.view(general, aiko).some((e) => e.seq === entry.seq && e.state === 'failed'));
    const view = timeline.view(general, aiko).find((e) => e.seq === entry.seq);
    expect(view?.label).toBe('/say what: long');
    expect(view?.failure?.join('\n')).toMatch(/400.*Invalid Form Body/);
    expect(view?.failure?.join('\n')).toMatch(/data\.content: Must be 2000 or fewer in length/);
    await settle(() => timeline.view(general, aiko).find((e) => e.seq === entry.seq)?.failure?.some((r) => r.includes('did not respond')) === true);
  });

  it('shows an unanswered command as "did not respond" once the 3 s window (here 0.5 s) has passed', async () => {
    const entry = actions.runCommand(general, aiko, { name: 'say', options: { what: 'nothing' } });
    expect(timeline.view(general, aiko).find((e) => e.seq === entry.seq)?.state).toBe('waiting');
    await settle(() => timeline.view(general, aiko).find((e) => e.seq === entry.seq)?.state === 'failed');
    expect(timeline.view(general, aiko).find((e) => e.seq === entry.seq)?.failure).toEqual(['The application did not respond within 3 seconds.']);
    // Another person does not see someone else's failed command.
    expect(timeline.view(general, ben).some((e) => e.seq === entry.seq)).toBe(false);
  });

  it('shows an ephemeral answer only to the person who ran the command, and a DM only to its owner', async () => {
    const entry = actions.runCommand(dm, aiko, { name: 'say', options: { what: 'secret' } });
    await settle(() => timeline.view(dm, aiko).some((e) => e.seq === entry.seq && e.state === 'answered'));
    const [message] = timeline.view(dm, aiko).find((e) => e.seq === entry.seq)?.messages ?? [];
    expect(message).toMatchObject({ ephemeral: true, content: 'just for you' });
    expect(timeline.view(dm, ben).some((e) => e.seq === entry.seq)).toBe(false);
    const inGuild = actions.runCommand(general, aiko, { name: 'say', options: { what: 'secret' } });
    await settle(() => timeline.view(general, aiko).some((e) => e.seq === inGuild.seq && e.state === 'answered'));
    expect(timeline.view(general, ben).some((e) => e.seq === inGuild.seq)).toBe(false);
    expect(timeline.findMessage(general, ben, message?.id ?? '')).toBeUndefined();
  });

  it('types options from the registration and refuses what Discord would not send, with a clear reason', () => {
    expect(() => actions.runCommand(general, aiko, { name: 'say', options: { what: 'long', times: '1.5' } })).toThrow(new ActionError('Option "times" needs a whole number.'));
    expect(() => actions.runCommand(general, aiko, { name: 'say', options: { what: 'long', times: '9' } })).toThrow(/times/);
    expect(() => actions.runCommand(general, aiko, { name: 'nope', options: {} })).toThrow(ActionError);
    expect(() => actions.click(general, aiko, '123', 'x', 'x')).toThrow('That message is not in this channel.');
  });
});
