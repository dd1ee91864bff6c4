package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.idempotency.StoreIf;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class StoragePolicyTest {

  private final StoragePolicy notServerError = StoragePolicy.of(StoreIf.NOT_SERVER_ERROR);
  private final StoragePolicy success = StoragePolicy.of(StoreIf.SUCCESS);

  @ParameterizedTest
  @ValueSource(ints = {200, 201, 204, 303, 400, 404, 409, 422, 499})
  void not_server_error_stores_statuses_below_500(int status) {
    assertThat(notServerError.storesStatus(status)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(ints = {500, 502, 503, 599})
  void not_server_error_releases_server_errors(int status) {
    assertThat(notServerError.storesStatus(status)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {200, 201, 204, 299})
  void success_stores_2xx(int status) {
    assertThat(success.storesStatus(status)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(ints = {100, 199, 300, 303, 400, 422, 500})
  void success_releases_every_other_status(int status) {
    assertThat(success.storesStatus(status)).isFalse();
  }

  @ParameterizedTest
  @EnumSource(StoreIf.class)
  void stores_normal_returns_under_every_policy(StoreIf storeIf) {
    assertThat(StoragePolicy.of(storeIf).storesReturn()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(StoreIf.class)
  void releases_exceptions_under_every_policy(StoreIf storeIf) {
    assertThat(StoragePolicy.of(storeIf).storesException(new IllegalStateException())).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 99, 600, -1})
  void refuses_a_number_that_is_no_http_status(int status) {
    assertThatIllegalArgumentException().isThrownBy(() -> notServerError.storesStatus(status));
  }

  @ParameterizedTest
  @EnumSource(StoreIf.class)
  void stores_a_listed_status_that_the_policy_would_release(StoreIf storeIf) {
    StoragePolicy policy = StoragePolicy.of(storeIf, Set.of(502));

    assertThat(policy.storesStatus(502)).isTrue();
    assertThat(policy.storesStatus(503)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 99, 600})
  void refuses_a_listed_number_that_is_no_http_status(int status) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> StoragePolicy.of(StoreIf.SUCCESS, Set.of(status)));
  }
}
