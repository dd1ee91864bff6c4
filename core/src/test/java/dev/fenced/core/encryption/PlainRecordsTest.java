package dev.fenced.core.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** With encryption off, payloads pass as they are, and a sealed record is refused. */
class PlainRecordsTest {

  private static final byte[] PAYLOAD =
      "{\"v\":1,\"kind\":\"void\"}".getBytes(StandardCharsets.UTF_8);

  @Test
  void stores_and_reads_payloads_as_they_are() throws Exception {
    byte[] stored = PlainRecords.INSTANCE.seal(":k", PAYLOAD);

    assertThat(stored).isEqualTo(PAYLOAD);
    assertThat(PlainRecords.INSTANCE.open(":k", stored)).isEqualTo(PAYLOAD);
  }

  @Test
  void refuses_a_sealed_record_naming_the_missing_option() {
    byte[] sealed = new OutcomeCipher(KeyRing.parse(KeyRingTest.NEW)).seal(":k", PAYLOAD);

    assertThatThrownBy(() -> PlainRecords.INSTANCE.open(":k", sealed))
        .isInstanceOf(UnreadableRecordException.class)
        .hasMessageContaining("fenced.idempotency.encryption.keys is not set");
  }
}
