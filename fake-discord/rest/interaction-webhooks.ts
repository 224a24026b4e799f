// An interaction's webhook (its token, valid 15 minutes): follow-up messages
// (POST /webhooks/:app/:token) and reading, editing or deleting the original or a follow-up
// (/webhooks/:app/:token/messages/:message, `@original` for the original).

import { discordErrors, FormErrors, isRecord } from '../errors.js';
import type { InteractionRecord } from '../interaction-record.js';
import { isEmptyMessage, MessageFlag, validateMessageBody } from '../message-validation.js';
import { applyEdit, createMessage, messageForPayload } from '../messages.js';
import type { ServerState } from '../server-state.js';
import type { RecordedMessage } from '../types.js';
import type { Reply, RequestContext } from './http.js';
import { notifyMessageChanged, originFor } from './interaction-messages.js';
import { route, type Route } from './routing.js';

const TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export function interactionWebhookRoutes(state: ServerState): Route[] {
  return [
    route('POST /webhooks/:app/:token', (ctx, [appId = '', token = '']) => followUp(state, ctx, appId, token)),
    ...(['GET', 'PATCH', 'DELETE'] as const).map((verb) =>
      route(`${verb} /webhooks/:app/:token/messages/:message`, (ctx, [appId = '', token = '', messageRef = '']) =>
        webhookMessage(state, ctx, verb, { appId, token, messageRef }),
      ),
    ),
  ];
}

/** Finds the interaction behind a webhook token, enforcing the 15-minute token life. */
function webhookRecord(state: ServerState, ctx: RequestContext, appId: string, token: string): InteractionRecord {
  const record = state.byToken.get(token);
  if (!record || appId !== state.applicationId) throw discordErrors.invalidWebhookToken();
  ctx.interaction = record;
  if (state.now() - record.dispatchedAt > TOKEN_LIFETIME_MS) throw discordErrors.invalidWebhookToken();
  const r = record.response;
  if (!r || r.type === 8 || r.type === 9) throw discordErrors.unknownWebhook();
  return record;
}

function followUp(state: ServerState, ctx: RequestContext, appId: string, token: string): Reply {
  const record = webhookRecord(state, ctx, appId, token);
  const body = ctx.body;
  const errs = new FormErrors();
  const isV2 = isRecord(body) && typeof body.flags === 'number' && (body.flags & MessageFlag.IsComponentsV2) !== 0;
  validateMessageBody(errs, [], body, isV2);
  errs.throwIfAny();
  const data = body as Record<string, unknown>;
  if (isEmptyMessage(data)) throw discordErrors.emptyMessage();
  const timestamp = new Date(state.now()).toISOString();

  // Discord: the first followUp after a type 5 deferral edits the loading message instead.
  const original = record.originalId !== undefined ? state.messages.get(record.originalId) : undefined;
  let message: RecordedMessage;
  if (record.response?.type === 5 && !record.completedDeferral && original && !record.originalDeleted) {
    applyEdit(original, { ...data, flags: undefined }, timestamp);
    record.completedDeferral = true;
    message = original;
  } else {
    message = createMessage(data, originFor(state, record, timestamp));
    state.messages.set(message.id, message);
    record.followUpIds.push(message.id);
  }
  record.changed();
  notifyMessageChanged(state, message.id);
  if (ctx.query.wait !== 'true') return { status: 204 };
  return { status: 200, body: messageForPayload(message) };
}

function webhookMessage(
  state: ServerState,
  ctx: RequestContext,
  verb: 'GET' | 'PATCH' | 'DELETE',
  ref: { appId: string; token: string; messageRef: string },
): Reply {
  const record = webhookRecord(state, ctx, ref.appId, ref.token);
  const isOriginal = ref.messageRef === '@original' || ref.messageRef === record.originalId;
  const id = isOriginal ? record.originalId : ref.messageRef;
  if (id === undefined || (!isOriginal && !record.followUpIds.includes(id))) throw discordErrors.unknownMessage();
  if (isOriginal && record.originalDeleted) throw discordErrors.unknownMessage();
  const message = state.messages.get(id);
  if (!message) throw discordErrors.unknownMessage();

  if (verb === 'GET') return { status: 200, body: messageForPayload(message) };
  if (verb === 'DELETE') {
    if (isOriginal) record.originalDeleted = true;
    else record.followUpIds.splice(record.followUpIds.indexOf(id), 1);
    state.messages.delete(id);
    record.changed();
    return { status: 204 };
  }
  const body = ctx.body;
  const errs = new FormErrors();
  const flags = (message.flags ?? 0) | (isRecord(body) && typeof body.flags === 'number' ? body.flags : 0);
  validateMessageBody(errs, [], body ?? {}, (flags & MessageFlag.IsComponentsV2) !== 0);
  errs.throwIfAny();
  const timestamp = new Date(state.now()).toISOString();
  const preview = structuredClone(message);
  applyEdit(preview, body as Record<string, unknown>, timestamp);
  if (isEmptyMessage(preview)) throw discordErrors.emptyMessage();
  applyEdit(message, body as Record<string, unknown>, timestamp);
  if (isOriginal) record.completedDeferral = true;
  record.changed();
  notifyMessageChanged(state, message.id);
  return { status: 200, body: messageForPayload(message) };
}
