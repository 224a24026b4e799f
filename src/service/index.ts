// Public API of the service client.
export * from './types.js';
export * from './errors.js';
export * from './fields.js';
export * from './validate.js';
export { buildAuthorizeUrl, basicAuthorization, classifyTokenError, OAuthClient, OAuthError, parseTokenResponse } from './oauth.js';
export type { AuthorizeUrlOptions, OAuthClientOptions } from './oauth.js';
export {
  ClientCredentialsRejectedError,
  DEFAULT_REFRESH_SKEW_MS,
  storedTokensFrom,
  TokenManager,
  type StoredTokens,
  type TokenManagerOptions,
  type TokenRefresher,
  type TokenSource,
  type TokenStorage,
} from './token-source.js';
export * from './client.js';
export {
  errorFromResponse,
  isForumTopicSummary,
  isInvalidTokenResponse,
  isNodeItem,
  parseAnyPage,
  parseErrorBody,
  parseForumBoards,
  parseForumTopicPage,
  parseForumTopicsPage,
  parseJson,
  parseNodePage,
  parseObject,
  parsePage,
  parsePaging,
  parseSeasonalPage,
  UnexpectedShapeError,
} from './parse.js';
export { apiV2Root, resolvePagingUrl, type PagingTarget } from './paging.js';
export { jitteredBackoff } from './http.js';
export { ResponseCache, type ResponseCacheOptions } from './response-cache.js';
export { CoolOff, parseRetryAfter, type CoolOffOptions } from './cool-off.js';
export { endpointOf, type CacheResult, type ServiceObserver, type UpstreamAttempt } from './observer.js';
export { BodyTooLargeError, UpstreamTimeoutError } from './http.js';
