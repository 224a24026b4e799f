// The sandbox page's view of interactions: a reply Discord refuses (a limit) shows as a failed
// interaction with Discord's reason, a missed deadline as "did not respond", and ephemeral answers
// only to the person who ran the command.

import { ButtonStyle, ComponentType, Events, MessageFlags, type Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginClient, registerTestCommands, startFakeDiscord, testCommand, type FakeDiscord } from '../../fake-discord/index.js';
import { Actions, ActionError, ClientRefusal } from '../../sandbox/actions.js';
import { PLACES, USERS } from '../../sandbox/places.js';
import { Timeline } from '../../sandbox/timeline.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

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
        { name: 'what', description: 'what to answer', type: 3, required: true, choices: [{ name: 'long', value: 'long' }, { name: 'secret', value: 'secret' }, { name: 'nothing', value: 'nothing' }, { name: 'slow', value: 'slow' }, { name: 'button', value: 'button' }, { name: 'picture', value: 'picture' }] },
        { name: 'times', description: 'a number', type: 4, min_value: 1, max_value: 3 },
      ]),
    ]);
    client.on(Events.InteractionCreate, (interaction) => {
      if (interaction.isButton()) {
        void interaction.update({ content: `clicked by ${interaction.user.username}`, components: [] });
        return;
      }
      if (!interaction.isChatInputCommand()) return;
      if (interaction.options.getString('what') === 'slow') {
        void interaction.deferReply().then(() => new Promise((r) => setTimeout(r, 400))).then(() => interaction.editReply('done thinking'));
      }
      if (interaction.options.getString('what') === 'button') {
        void interaction.reply({
          content: 'press it',
          components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: 'press', label: 'Press' }] }],
        });
      }
      const what = interaction.options.getString('what', true);
      if (what === 'long') void interaction.reply({ content: 'x'.repeat(2001) }).catch(() => undefined);
      if (what === 'picture') void interaction.reply({ content: 'a chart', files: [{ attachment: PNG, name: 'chart.png', description: 'Covers of Aiko’s anime' }] });
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

  it('shows a deferred answer as "thinking…" to everyone until the bot edits it', async () => {
    const entry = actions.runCommand(general, aiko, { name: 'say', options: { what: 'slow' } });
    const first = (user: typeof aiko) => timeline.view(general, user).find((e) => e.seq === entry.seq)?.messages[0];
    await settle(() => first(ben)?.loading === true);
    expect(first(ben)).toMatchObject({ loading: true, ephemeral: false });
    await settle(() => first(aiko)?.content === 'done thinking');
    expect(first(aiko)).toMatchObject({ loading: false, edited: true });
  });

  it('shows a message\'s pictures with their alt text', async () => {
    const entry = actions.runCommand(general, aiko, { name: 'say', options: { what: 'picture' } });
    const first = () => timeline.view(general, ben).find((e) => e.seq === entry.seq)?.messages[0];
    await settle(() => (first()?.attachments.length ?? 0) > 0);
    expect(first()?.attachments).toEqual([{ id: expect.stringMatching(/^\d+$/), filename: 'chart.png', contentType: 'image/png', description: 'Covers of Aiko’s anime', width: 1, height: 1 }]);
  });

  it('sends a click as a component interaction; an update changes the message in place, not a new one', async () => {
    const entry = actions.runCommand(general, aiko, { name: 'say', options: { what: 'button' } });
    await settle(() => timeline.view(general, ben).find((e) => e.seq === entry.seq)?.messages.length === 1);
    const message = timeline.view(general, ben).find((e) => e.seq === entry.seq)?.messages[0];
    expect(message?.components).toHaveLength(1);
    const click = actions.click(general, ben, message?.id ?? '', 'press', 'Press');
    await settle(() => timeline.view(general, aiko).find((e) => e.seq === entry.seq)?.messages[0]?.content === 'clicked by ben');
    // ben sees his click (no message of its own), aiko does not see it at all.
    expect(timeline.view(general, ben).find((e) => e.seq === click.seq)).toMatchObject({ state: 'answered', messages: [] });
    expect(timeline.view(general, aiko).some((e) => e.seq === click.seq)).toBe(false);
  });

  it('types options from the registration and refuses what Discord’s client would not send, with the client’s hint', () => {
    const hints = (options: Record<string, string>): unknown => {
      try {
        actions.runCommand(general, aiko, { name: 'say', options });
      } catch (error) {
        if (error instanceof ClientRefusal) return error.hints;
        throw error;
      }
      throw new Error('sent');
    };
    expect(hints({ what: 'long', times: '1.5' })).toEqual({ times: 'Must be a whole number' });
    expect(hints({ what: 'long', times: '9' })).toEqual({ times: 'Must be at most 3' });
    expect(() => actions.runCommand(general, aiko, { name: 'nope', options: {} })).toThrow(ActionError);
    expect(() => actions.click(general, aiko, '123', 'x', 'x')).toThrow('That message is not in this channel.');
  });
});
