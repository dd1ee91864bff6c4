package dev.fenced.arquillian.cluster.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This member's name in the cluster ({@value #PROPERTY}): each member's deployment carries its own,
 * so a record says which server wrote it. The deployment also names the server's datasource
 * ({@value #DATASOURCE}), whose JNDI name differs between WildFly and Open Liberty.
 */
@ApplicationScoped
public class Member {

  /** The MP Config property holding the name. */
  public static final String PROPERTY = "cluster.member";

  /** The MP Config property holding the JNDI name of the server's datasource {@code FencedDS}. */
  public static final String DATASOURCE = "cluster.member.datasource";

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
