package dev.fenced.tck.deployed;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS under {@code /api}, with the deployment's resources and providers found by scanning. */
@ApplicationPath("api")
public class TckApplication extends Application {}
