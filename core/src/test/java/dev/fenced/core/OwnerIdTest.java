package dev.fenced.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class OwnerIdTest {

  @Test
  void an_owner_id_names_this_instance_before_a_random_part() {
    String owner = OwnerId.random();

    assertThat(owner).matches(Pattern.quote(OwnerId.instance()) + "/[0-9a-f]{32}");
  }

  @Test
  void two_owner_ids_differ() {
    assertThat(OwnerId.random()).isNotEqualTo(OwnerId.random());
  }

  @Test
  void the_instance_is_the_jvm_name_when_no_system_property_names_it() {
    String pidAtHost = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();

    assertThat(OwnerId.instance())
        .isEqualTo(
            pidAtHost.substring(0, Math.min(pidAtHost.length(), OwnerId.MAX_INSTANCE_LENGTH)));
  }
}
