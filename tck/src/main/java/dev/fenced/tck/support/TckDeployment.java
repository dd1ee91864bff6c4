package dev.fenced.tck.support;

import jakarta.enterprise.inject.spi.Extension;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Builds a TCK deployment: a WAR with the test's classes, a {@code
 * META-INF/microprofile-config.properties} holding the store providers' settings and the test's,
 * and whatever each {@link TckStoreProvider} adds. Fenced itself is added by the implementation
 * under test (an Arquillian extension of the vendor's), as a MicroProfile TCK expects.
 */
public final class TckDeployment {

  private final WebArchive archive;
  private final Map<String, String> config = new LinkedHashMap<>();

  private TckDeployment(String name) {
    this.archive =
        ShrinkWrap.create(WebArchive.class, name + ".war")
            .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml");
  }

  /**
   * Starts a deployment.
   *
   * @param name the WAR's name without {@code .war}
   * @return the builder
   */
  public static TckDeployment war(String name) {
    return new TckDeployment(name);
  }

  /**
   * Adds classes to the WAR.
   *
   * @param classes the test's resources, beans and helpers
   * @return this builder
   */
  public TckDeployment classes(Class<?>... classes) {
    archive.addClasses(classes);
    return this;
  }

  /**
   * Adds a CDI portable extension of the application: its class, and its registration in {@code
   * WEB-INF/classes/META-INF/services/jakarta.enterprise.inject.spi.Extension} (one extension per
   * deployment: a second call replaces the registration).
   *
   * @param extension the extension, e.g. one that adds annotations in {@code ProcessAnnotatedType}
   * @return this builder
   */
  public TckDeployment extension(Class<? extends Extension> extension) {
    archive.addClass(extension).addAsServiceProvider(Extension.class, extension);
    return this;
  }

  /**
   * Sets a MicroProfile Config property of the deployment.
   *
   * @param key the property
   * @param value its value
   * @return this builder
   */
  public TckDeployment config(String key, String value) {
    config.put(key, value);
    return this;
  }

  /**
   * The store a selection names in every deployment, as the store providers configure it.
   *
   * @param key {@code fenced.idempotency.store} or {@code fenced.locks.store}
   * @return the providers' value, {@code memory} without one
   */
  public static String selectedStore(String key) {
    String store = "memory";
    for (TckStoreProvider provider : ServiceLoader.load(TckStoreProvider.class)) {
      store = provider.configuration().getOrDefault(key, store);
    }
    return store.strip();
  }

  /**
   * The finished WAR.
   *
   * @return the deployment
   */
  public WebArchive build() {
    Map<String, String> merged = new LinkedHashMap<>();
    for (TckStoreProvider provider : ServiceLoader.load(TckStoreProvider.class)) {
      provider.prepare(archive);
      merged.putAll(provider.configuration());
    }
    merged.putAll(config);
    String properties =
        merged.entrySet().stream()
            .map(e -> escape(e.getKey()) + "=" + escape(e.getValue()))
            .collect(Collectors.joining("\n", "", "\n"));
    return archive.addAsResource(
        new StringAsset(properties), "META-INF/microprofile-config.properties");
  }

  private static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '\\', '=', ':', '#', '!' -> out.append('\\').append(c);
        case '\n' -> out.append("\\n");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
