/** The deployment of {@code IdempotentApplicationJsonbTest}: an application's own {@code Jsonb}. */
package dev.fenced.tck.message.jsonb;
