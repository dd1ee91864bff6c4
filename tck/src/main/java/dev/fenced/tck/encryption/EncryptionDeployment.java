package dev.fenced.tck.encryption;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.InvocationsResource;
import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.encryption.common.MapIdempotencyStore;
import dev.fenced.tck.encryption.common.ReceiptResource;
import dev.fenced.tck.encryption.common.RecordWindow;
import dev.fenced.tck.encryption.common.RecordsResource;
import dev.fenced.tck.encryption.common.Rejections;
import dev.fenced.tck.encryption.common.StoredRecord;
import dev.fenced.tck.support.TckDeployment;
import dev.fenced.tck.support.TckStoreProvider;

/**
 * Starts the encryption deployments: the shared classes, {@link RecordWindow} as the idempotency
 * store in front of the cell's own store (the one a {@link TckStoreProvider} selects, else a map of
 * the deployment), and the keys.
 */
public final class EncryptionDeployment {

  private EncryptionDeployment() {}

  /**
   * A deployment with encryption on.
   *
   * @param name the WAR's name without {@code .war}
   * @param keys the value of {@code fenced.idempotency.encryption.keys}
   * @return the builder, for the test's classes
   */
  public static TckDeployment war(String name, String keys) {
    return plain(name).config(Keys.OPTION, keys);
  }

  /**
   * A deployment with encryption off.
   *
   * @param name the WAR's name without {@code .war}
   * @return the builder, for the test's classes
   */
  public static TckDeployment plain(String name) {
    return TckDeployment.war(name)
        .classes(TckApplication.class, Invocations.class, InvocationsResource.class)
        .classes(Rejections.class)
        .classes(ReceiptResource.class, RecordsResource.class, StoredRecord.class)
        .classes(RecordWindow.class, MapIdempotencyStore.class)
        .config("fenced.idempotency.store", RecordWindow.NAME)
        .config(RecordWindow.DELEGATE, TckDeployment.selectedStore("fenced.idempotency.store"));
  }
}
