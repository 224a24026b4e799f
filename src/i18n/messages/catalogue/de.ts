import type { Messages } from '../../message-types.js';
import type { catalogue as en } from './en.js';

export const catalogue: Messages<typeof en> = {
};
