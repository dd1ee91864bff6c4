package dev.fenced.arquillian.encryption;

import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.tck.support.TckDeployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The deployment with encryption at rest on, guarding {@code POST /api/cards}. */
public final class EncryptedDeployment {

  private EncryptedDeployment() {}

  /**
   * A WAR guarding {@code POST /api/cards}, sealing its outcomes with a passphrase key.
   *
   * @param name the WAR's name
   * @return the archive
   */
  public static WebArchive war(String name) {
    return TckDeployment.war(name)
        .classes(StoresApplication.class, CardResource.class)
        .config("fenced.idempotency.encryption.keys", "an-encryption-passphrase-of-40-characters")
        .build();
  }
}
