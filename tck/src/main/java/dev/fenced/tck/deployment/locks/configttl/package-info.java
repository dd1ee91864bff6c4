/** The deployment of {@code InvalidOnOneInstanceConfigTtlTest}. */
package dev.fenced.tck.deployment.locks.configttl;
