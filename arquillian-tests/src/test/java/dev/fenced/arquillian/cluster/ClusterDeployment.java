package dev.fenced.arquillian.cluster;

import dev.fenced.arquillian.cluster.app.ClusterApplication;
import dev.fenced.arquillian.cluster.app.ClusterLeader;
import dev.fenced.arquillian.cluster.app.LeaderResource;
import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.arquillian.cluster.app.PaymentResource;
import dev.fenced.arquillian.cluster.app.RecordTables;
import dev.fenced.arquillian.cluster.app.TickJob;
import dev.fenced.tck.support.TckDeployment;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.ArchivePaths;
import org.jboss.shrinkwrap.api.Node;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WAR of one cluster member: the application of {@code cluster.app}, the PostgreSQL driver for
 * its records, and what the run's store provider adds ({@link TckDeployment}: the JPA or Redis
 * store). Its configuration names the member, points the records at the run's schema and sets a
 * short lock ttl ({@value #LOCK_TTL}) for every job lease, run lock and election lease, and {@value
 * #IDEMPOTENCY_LOCK_TTL} for idempotency claims.
 */
public final class ClusterDeployment {

  /** The ttl of every lock, lease and election of the cluster application. */
  public static final String LOCK_TTL = "3s";

  /**
   * The lock ttl of every {@code @Idempotent} claim that sets none ({@code
   * fenced.idempotency.lock-ttl}): how long a claim whose owner is gone keeps its key.
   */
  public static final String IDEMPOTENCY_LOCK_TTL = "10s";

  private static final ArchivePath PERSISTENCE_XML =
      ArchivePaths.create("WEB-INF/classes/META-INF/persistence.xml");
  private static final String WILDFLY_DATASOURCE = "java:jboss/datasources/FencedDS";

  private ClusterDeployment() {}

  static String warName(String member) {
    return "cluster-" + member;
  }

  /**
   * The WAR for {@code member}.
   *
   * @param member the member
   * @param more further classes of the application, e.g. the fault suite's
   * @return the deployment
   */
  public static WebArchive of(ClusterMember member, Class<?>... more) {
    return of(member, Map.of(), more);
  }

  /**
   * The WAR for {@code member}, with more configuration.
   *
   * @param member the member
   * @param config further MicroProfile Config properties, which win over the ones above
   * @param more further classes of the application, e.g. the fault suite's
   * @return the deployment
   */
  public static WebArchive of(ClusterMember member, Map<String, String> config, Class<?>... more) {
    ClusterRecords records = ClusterRecords.get();
    TckDeployment deployment =
        TckDeployment.war(warName(member.name()))
            .classes(
                ClusterApplication.class,
                ClusterLeader.class,
                LeaderResource.class,
                Member.class,
                PaymentResource.class,
                RecordTables.class,
                TickJob.class)
            .classes(more)
            .config(Member.PROPERTY, member.name())
            .config(Member.DATASOURCE, member.datasource())
            .config(RecordTables.URL, records.url())
            .config("fenced.locks.ttl", LOCK_TTL)
            .config("fenced.idempotency.lock-ttl", IDEMPOTENCY_LOCK_TTL);
    if (records.user() != null) {
      deployment.config(RecordTables.USER, records.user());
    }
    if (records.password() != null) {
      deployment.config(RecordTables.PASSWORD, records.password());
    }
    config.forEach(deployment::config);
    WebArchive war = deployment.build();
    war.addAsLibrary(jarOf(org.postgresql.Driver.class).toFile());
    useDatasource(war, member.datasource());
    return war;
  }

  /**
   * The JPA store provider names one datasource for the whole JVM, WildFly's: a Liberty member's
   * persistence unit names Liberty's JNDI name instead.
   */
  private static void useDatasource(WebArchive war, String datasource) {
    Node node = war.get(PERSISTENCE_XML);
    if (node == null || datasource.equals(WILDFLY_DATASOURCE)) {
      return;
    }
    String xml;
    try (InputStream in = node.getAsset().openStream()) {
      xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // the element, and the property that shows it to the store's listener (EclipseLink hides it)
    String pointed = xml.replace(WILDFLY_DATASOURCE, datasource);
    if (pointed.equals(xml)) {
      throw new IllegalStateException(
          "the persistence unit does not name " + WILDFLY_DATASOURCE + ":\n" + xml);
    }
    war.delete(PERSISTENCE_XML);
    war.add(new StringAsset(pointed), PERSISTENCE_XML);
  }

  private static Path jarOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Unusable code source of " + type.getName(), e);
    }
  }
}
