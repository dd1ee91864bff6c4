/** The deployments of {@code MessageDrivenBeanDeploymentFailureTest}: one invalid listener each. */
package dev.fenced.tck.deployment.message.mdb;
