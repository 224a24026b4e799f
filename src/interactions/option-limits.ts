// Option limits chosen so every paging custom_id stays within Discord's 100 characters.

export const SEARCH_QUERY_MAX = 60;
export const SERVICE_USER_NAME_MAX = 32;
export const FORUM_QUERY_MAX = 25;
export const FORUM_USER_NAME_MAX = 16;
/** A title option holds a title (searched up to TITLE_TEXT_MAX), an ID or a link to the title's page. */
export const TITLE_OPTION_MAX = 300;
export const TITLE_TEXT_MAX = 100;
