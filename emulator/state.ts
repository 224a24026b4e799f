import { type Catalogue } from './catalogue/index.js';
import { type UserProfile } from './catalogue/types.js';
import { type UserLists } from './catalogue/users.js';
import { type TokenStore } from './oauth/store.js';
import { type ListWrites } from './writes.js';

export interface ClientRecord {
  id: string;
  secret?: string;
  redirectUris: string[];
}

export interface UserRecord {
  name: string;
  password: string;
  profile: UserProfile;
  lists: UserLists;
}

/** Everything one running emulator knows. Users are keyed by lower-cased name (names are case-insensitive). */
export interface EmulatorState {
  catalogue: Catalogue;
  users: Map<string, UserRecord>;
  clients: Map<string, ClientRecord>;
  tokens: TokenStore;
  now: () => number;
  /** delay before the 504 of an unfiltered /forum/topics */
  forumTopicsTimeoutMs: number;
  /** The emulator's picture host, named in answers in place of the service's picture host; none = the real host. */
  pictureOrigin?: string;
  /** List writes per user (emulator/writes.ts). */
  writes: ListWrites;
}

export function findUser(state: EmulatorState, name: string): UserRecord | undefined {
  return state.users.get(name.toLowerCase());
}
