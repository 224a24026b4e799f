/** Embed colours used across the bot, so every reply of one kind looks the same. */
export const COLORS = {
  brand: 0x2e51a2,
  success: 0x57f287,
  warning: 0xfee75c,
  error: 0xed4245,
  forum: 0x4f6fb3,
} as const;
