/**
 * What the fault suite adds to the cluster application: a slow payment to kill or freeze a server
 * in, a job that writes to a fenced resource with its token, a recorder of lost locks, and guarded
 * calls of three kinds (EJB, CDI, JAX-RS) with a hook that halts the server right after their
 * commit.
 */
package dev.fenced.arquillian.cluster.faults.app;
