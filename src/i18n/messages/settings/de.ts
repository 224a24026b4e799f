import type { Messages } from '../../message-types.js';
import type { settings as en } from './en.js';

export const settings: Messages<typeof en> = {
};
