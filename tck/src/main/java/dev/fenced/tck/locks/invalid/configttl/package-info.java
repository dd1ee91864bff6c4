/** The deployment of {@code InvalidOnOneInstanceConfigTtlTest}. */
package dev.fenced.tck.locks.invalid.configttl;
