package dev.fenced.tck.leader.stepdown.witness;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The witness's JAX-RS application under {@code /api}. */
@ApplicationPath("api")
public class WitnessApplication extends Application {}
