/**
 * Deployment failures of the lock and leader annotations and of the lock store's selection: the
 * server's error names the offending key, option or member, the classes and methods involved and
 * the bad value. Each class keeps its deployment's classes in a nested package.
 */
package dev.fenced.tck.deployment.locks;
