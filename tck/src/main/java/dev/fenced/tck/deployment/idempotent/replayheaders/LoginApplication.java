package dev.fenced.tck.deployment.idempotent.replayheaders;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS under {@code /api}. */
@ApplicationPath("api")
public class LoginApplication extends Application {}
