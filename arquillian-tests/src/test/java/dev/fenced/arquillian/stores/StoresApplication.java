package dev.fenced.arquillian.stores;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS under {@code /api}. */
@ApplicationPath("api")
public class StoresApplication extends Application {}
