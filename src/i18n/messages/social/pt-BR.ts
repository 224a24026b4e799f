import type { Messages } from '../../message-types.js';
import type { social as en } from './en.js';

export const social: Messages<typeof en> = {
};
