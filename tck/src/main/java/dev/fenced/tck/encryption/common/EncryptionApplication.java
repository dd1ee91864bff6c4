package dev.fenced.tck.encryption.common;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS under {@code /api}, with the deployment's resources found by scanning. */
@ApplicationPath("api")
public class EncryptionApplication extends Application {}
