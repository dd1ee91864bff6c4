/**
 * What the fault suite adds to the cluster application: a slow payment to kill or freeze a server
 * in, a job that writes to a fenced resource with its token, and a recorder of lost locks.
 */
package dev.fenced.arquillian.cluster.faults.app;
