package dev.fenced.arquillian.cluster.app;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS under {@code /api}. */
@ApplicationPath("api")
public class ClusterApplication extends Application {}
