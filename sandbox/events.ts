// The sandbox's events list: the server's scheduled events as the fake Discord holds them (watch
// parties the bot created), with what a Discord user or host does to them — mark yourself
// interested, start, end (early or on time), cancel — so a visitor can see the "watched it?" post.

import express from 'express';
import type { FakeDiscord } from '../fake-discord/index.js';
import { ActionError } from './actions.js';
import { GUILD_ID } from './places.js';

const STATUS = ['', 'scheduled', 'active', 'completed', 'canceled'] as const;
const ACTIONS = ['interested', 'start', 'end', 'cancel'] as const;

/** GET /api/events and POST /api/events/:id/:action (`interested` takes `{ user }`). */
export function eventRoutes(discord: Pick<FakeDiscord, 'scheduledEvents'>): express.Router {
  const router = express.Router();
  router.get('/events', (_req, res) => {
    const events = discord.scheduledEvents
      .all(GUILD_ID)
      .sort((a, b) => a.start - b.start)
      .map((e) => ({
        id: e.id,
        name: e.name,
        description: e.description,
        status: STATUS[e.status] ?? 'unknown',
        start: e.start,
        end: e.end,
        location: e.location,
        channelId: e.channelId,
        interested: [...e.subscribers],
        image: e.imageBytes && e.imageType ? `data:image/${e.imageType};base64,${e.imageBytes.toString('base64')}` : null,
      }));
    res.json({ events });
  });
  router.post('/events/:id/:action', (req, res) => {
    const action = ACTIONS.find((a) => a === req.params.action);
    const id = /^\d{1,20}$/.test(req.params.id) ? req.params.id : undefined;
    if (!action || !id) throw new ActionError('Unknown event action.');
    const event = discord.scheduledEvents.all(GUILD_ID).find((e) => e.id === id);
    if (!event) throw new ActionError('No such event in the server.');
    try {
      if (action === 'interested') {
        const user = (req.body as { user?: unknown }).user;
        if (typeof user !== 'string' || !/^\d{1,20}$/.test(user)) throw new ActionError('Who is interested?');
        discord.scheduledEvents.subscribe(id, user, !event.subscribers.has(user));
      } else if (action === 'start') discord.scheduledEvents.start(id);
      else if (action === 'end') discord.scheduledEvents.end(id);
      else discord.scheduledEvents.cancel(id);
    } catch (error) {
      if (error instanceof ActionError) throw error;
      throw new ActionError(`Discord would not do that: the event is ${STATUS[event.status] ?? 'unknown'}.`);
    }
    res.json({ ok: true });
  });
  return router;
}
