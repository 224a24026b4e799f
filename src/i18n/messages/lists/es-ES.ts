import type { Messages } from '../../message-types.js';
import type { lists as en } from './en.js';

export const lists: Messages<typeof en> = {
};
