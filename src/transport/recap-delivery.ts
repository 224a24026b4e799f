// How `/wrapped` cards read in the background reach the person: they take the place of the command's
// answer (its original response, edited over the interaction's webhook while its token lasts), the
// cards uploaded with their alt text. Nothing in it can ping anyone.

import { Routes, type Client } from 'discord.js';
import type { RecapDeliver } from '../views/wrapped-background.js';
import { body, files } from './import-delivery.js';

export function recapDelivery(client: Client): RecapDeliver {
  return async (target, message) => {
    // An edit replaces the whole message: its placeholder text goes, the cards come.
    await client.rest.patch(Routes.webhookMessage(target.applicationId, target.token, '@original'), {
      body: { content: '', ...body(message) },
      ...files(message),
      auth: false,
    });
  };
}
