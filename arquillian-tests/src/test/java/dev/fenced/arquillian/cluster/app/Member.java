package dev.fenced.arquillian.cluster.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This member's name in the cluster ({@value #PROPERTY}): each member's deployment carries its own,
 * so a record says which server wrote it.
 */
@ApplicationScoped
public class Member {

  /** The MP Config property holding the name. */
  public static final String PROPERTY = "cluster.member";

  @Inject
  @ConfigProperty(name = PROPERTY)
  String name;

  /**
   * The member's name.
   *
   * @return e.g. {@code a}
   */
  public String name() {
    return name;
  }
}
