package dev.fenced.arquillian.setup;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS under {@code /api}. */
@ApplicationPath("api")
public class SetupApplication extends Application {}
