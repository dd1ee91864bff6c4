package dev.fenced.arquillian.cluster.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;
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

  /**
   * The server's JTA datasource {@code FencedDS}, found under the JNDI name {@value #DATASOURCE}
   * gives; connections taken in a transaction join it.
   *
   * @return the datasource
   * @throws IllegalStateException when the name is not bound
   */
  public DataSource datasource() {
    String jndiName = ConfigProvider.getConfig().getValue(DATASOURCE, String.class);
    try {
      return (DataSource) new InitialContext().lookup(jndiName);
    } catch (NamingException e) {
      throw new IllegalStateException("no datasource " + jndiName, e);
    }
  }
}
