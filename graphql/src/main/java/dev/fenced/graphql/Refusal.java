package dev.fenced.graphql;

import java.util.OptionalLong;

/**
 * What the GraphQL error of a refused field gets in its {@code extensions}.
 *
 * @param code the {@code ErrorCode}'s name
 * @param httpStatus the status the same refusal has over REST
 * @param retryAfterSeconds when a retry may succeed, for a key in use
 */
record Refusal(String code, int httpStatus, OptionalLong retryAfterSeconds) {}
