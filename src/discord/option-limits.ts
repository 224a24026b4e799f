// Option limits chosen so every paging custom_id stays within Discord's 100 characters.

export const SEARCH_QUERY_MAX = 60;
export const SERVICE_USER_NAME_MAX = 32;
export const FORUM_QUERY_MAX = 25;
export const FORUM_USER_NAME_MAX = 16;
