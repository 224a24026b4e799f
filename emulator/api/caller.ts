import { type Request } from 'express';
import { type EmulatorState, type UserRecord, findUser } from '../state.js';
import { ApiError, invalidToken } from './errors.js';

export type Caller = { kind: 'user'; user: UserRecord; clientId: string } | { kind: 'client'; clientId: string };

export const CLIENT_HEADER = 'x-service-client-id';

/**
 * Authenticates a /v2 request. A bearer token wins over the client header. Expired/revoked/unknown bearer → 401;
 * unknown client id → 400; neither → 403.
 */
export function authenticate(state: EmulatorState, req: Request): Caller {
  const authorization = req.get('authorization');
  if (authorization !== undefined) {
    const m = /^Bearer +(\S+)\s*$/i.exec(authorization);
    if (!m?.[1]) throw invalidToken('The access token is invalid');
    const check = state.tokens.checkAccess(m[1]);
    if (!check.ok) throw invalidToken(check.reason === 'expired' ? 'The access token expired' : 'The access token is invalid');
    const user = findUser(state, check.user);
    if (!user) throw invalidToken('The access token is invalid');
    return { kind: 'user', user, clientId: check.clientId };
  }
  const clientId = req.get(CLIENT_HEADER);
  if (clientId !== undefined) {
    if (!state.clients.has(clientId)) throw new ApiError(400, { message: 'Invalid client id', error: 'bad_request' });
    return { kind: 'client', clientId };
  }
  throw new ApiError(403, { message: '', error: 'forbidden' });
}

/** "M only" endpoints reached with just the client header answer 401 invalid_token (a user token is missing). */
export function requireUser(caller: Caller): UserRecord {
  if (caller.kind !== 'user') throw invalidToken('The access token is missing');
  return caller.user;
}

export function viewer(caller: Caller): UserRecord | undefined {
  return caller.kind === 'user' ? caller.user : undefined;
}
