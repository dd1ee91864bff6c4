package dev.fenced.arquillian.setup;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Holds a value from the deployment's {@code META-INF/microprofile-config.properties}. */
@ApplicationScoped
public class Greeting {

  public static final String KEY = "fenced.setup.greeting";

  @Inject
  @ConfigProperty(name = KEY)
  String text;

  public String text() {
    return text;
  }
}
