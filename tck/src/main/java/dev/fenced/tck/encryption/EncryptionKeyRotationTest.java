package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Key rotation in three steps, each played by an instance of its own: {@code old,new} (seals with
 * the old key), {@code new,old} (seals with the new one, still opens the old), then {@code new}
 * (after the ttl, when no record sealed with the old key is left). Records travel between the
 * instances as through a shared store: with a shared store (PostgreSQL, Redis) they are there
 * already; otherwise the test copies them, byte for byte, under the same record key.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptionKeyRotationTest {

  private static final String BEFORE = "before";
  private static final String SWAPPED = "swapped";
  private static final String AFTER = "after";

  @Deployment(name = BEFORE, testable = false, order = 1)
  public static WebArchive before() {
    return EncryptionDeployment.war("rotation-before", Keys.OLD + "," + Keys.NEW).build();
  }

  @Deployment(name = SWAPPED, testable = false, order = 2)
  public static WebArchive swapped() {
    return EncryptionDeployment.war("rotation-swapped", Keys.NEW + "," + Keys.OLD).build();
  }

  @Deployment(name = AFTER, testable = false, order = 3)
  public static WebArchive after() {
    return EncryptionDeployment.war("rotation-after", Keys.NEW).build();
  }

  @ArquillianResource
  @OperateOnDeployment(BEFORE)
  URL beforeUrl;

  @ArquillianResource
  @OperateOnDeployment(SWAPPED)
  URL swappedUrl;

  @ArquillianResource
  @OperateOnDeployment(AFTER)
  URL afterUrl;

  private EncryptionApi before;
  private EncryptionApi swapped;
  private EncryptionApi after;
  private String tag;

  @BeforeEach
  void clients() {
    before = new EncryptionApi(beforeUrl);
    swapped = new EncryptionApi(swappedUrl);
    after = new EncryptionApi(afterUrl);
    tag = Http.unique("rotation");
  }

  @Test
  void replays_every_record_across_the_three_steps_without_a_failure() {
    String sealedOld = Http.unique("key");
    String sealedNew = Http.unique("key");
    String sealedAfter = Http.unique("key");

    Reply first = before.receipt(tag, sealedOld);
    share(before, swapped, sealedOld);
    Reply oldOnSwapped = swapped.receipt(tag, sealedOld);
    Reply second = swapped.receipt(tag, sealedNew);
    share(swapped, before, sealedNew);
    Reply newOnBefore = before.receipt(tag, sealedNew);
    share(swapped, after, sealedNew);
    Reply newOnAfter = after.receipt(tag, sealedNew);
    Reply third = after.receipt(tag, sealedAfter);
    share(after, swapped, sealedAfter);
    Reply afterOnSwapped = swapped.receipt(tag, sealedAfter);

    assertAll(
        () -> assertEquals(201, first.status(), first.toString()),
        () -> assertReplayOf(first, oldOnSwapped),
        () -> assertEquals(201, second.status(), second.toString()),
        () -> assertReplayOf(second, newOnBefore),
        () -> assertReplayOf(second, newOnAfter),
        () -> assertEquals(201, third.status(), third.toString()),
        () -> assertReplayOf(third, afterOnSwapped),
        () -> assertEquals(1, before.count(tag), "runs on the first instance"),
        () -> assertEquals(1, swapped.count(tag), "runs on the swapped instance"),
        () -> assertEquals(1, after.count(tag), "runs on the last instance"));
  }

  @Test
  void each_step_seals_with_the_first_listed_key() {
    String onBefore = Http.unique("key");
    String onSwapped = Http.unique("key");
    before.receipt(tag, onBefore);
    swapped.receipt(tag, onSwapped);

    String oldId = keyId(before.existingRecord(EncryptionApi.recordKey(onBefore)).payload());
    String newId = keyId(swapped.existingRecord(EncryptionApi.recordKey(onSwapped)).payload());

    assertTrue(!oldId.equals(newId), "the swap changed the sealing key: " + oldId);
  }

  @Test
  void a_record_sealed_with_a_removed_key_is_refused_so_wait_for_the_ttl_before_removing_it() {
    String sealedOld = Http.unique("key");
    before.receipt(tag, sealedOld);
    share(before, after, sealedOld);

    Unreadable.assertRefused(after.receipt(tag, sealedOld));
    assertEquals(0, after.count(tag), "the last instance did not run the method");
  }

  private static void share(EncryptionApi from, EncryptionApi to, String key) {
    String recordKey = EncryptionApi.recordKey(key);
    to.plant(recordKey, from.existingRecord(recordKey));
  }

  private static void assertReplayOf(Reply original, Reply replay) {
    assertAll(
        () -> assertEquals(201, replay.status(), replay.toString()),
        () -> assertTrue(replay.replayed(), "Idempotent-Replayed: true"),
        () -> assertEquals(original.text(), replay.text()));
  }

  private static String keyId(byte[] envelope) {
    return new String(envelope, java.nio.charset.StandardCharsets.US_ASCII).split("\\.")[1];
  }
}
