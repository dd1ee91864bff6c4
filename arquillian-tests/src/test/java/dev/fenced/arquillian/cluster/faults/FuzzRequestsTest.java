package dev.fenced.arquillian.cluster.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class FuzzRequestsTest {

  @Test
  void the_fuzz_has_the_configured_number_of_requests_numbered_in_order() {
    List<FuzzRequest> requests = FuzzRequests.generate(15, FuzzRequests.DEFAULT_SIZE);

    assertThat(requests).hasSize(FuzzRequests.DEFAULT_SIZE);
    for (int i = 0; i < requests.size(); i++) {
      assertThat(requests.get(i).id()).isEqualTo(i);
    }
  }

  @Test
  void a_fuzz_as_small_as_the_classes_covers_every_class_and_category() {
    List<FuzzRequest> requests = FuzzRequests.generate(7, BadInput.values().length);

    assertThat(requests.stream().map(FuzzRequest::input).collect(Collectors.toSet()))
        .isEqualTo(EnumSet.allOf(BadInput.class));
    assertThat(requests.stream().map(r -> r.input().category()).collect(Collectors.toSet()))
        .isEqualTo(EnumSet.allOf(BadInput.Category.class));
  }

  @Test
  void the_full_fuzz_sends_each_class_many_times_and_some_over_a_socket() {
    List<FuzzRequest> requests = FuzzRequests.generate(15, FuzzRequests.DEFAULT_SIZE);

    for (BadInput input : BadInput.values()) {
      assertThat(requests.stream().filter(r -> r.input() == input).count())
          .as(input.name())
          .isGreaterThanOrEqualTo(10);
    }
    assertThat(requests).anyMatch(FuzzRequest::overSocket).anyMatch(r -> !r.overSocket());
    assertThat(requests).anyMatch(FuzzRequest::chunked);
  }

  @Test
  void the_same_seed_gives_the_same_requests_byte_for_byte_and_another_seed_others() {
    List<FuzzRequest> first = FuzzRequests.generate(15, 500);
    List<FuzzRequest> again = FuzzRequests.generate(15, 500);
    List<FuzzRequest> other = FuzzRequests.generate(16, 500);

    for (int i = 0; i < first.size(); i++) {
      assertThat(again.get(i).toString()).isEqualTo(first.get(i).toString());
      assertThat(again.get(i).headers()).isEqualTo(first.get(i).headers());
      assertThat(again.get(i).body()).isEqualTo(first.get(i).body());
    }
    assertThat(other.stream().map(FuzzRequest::toString).toList())
        .isNotEqualTo(first.stream().map(FuzzRequest::toString).toList());
  }

  @Test
  void every_key_a_request_sends_holds_its_own_tag() {
    for (FuzzRequest request : FuzzRequests.generate(15, FuzzRequests.DEFAULT_SIZE)) {
      Set<String> keys =
          request.headers().stream()
              .filter(h -> h.name().equalsIgnoreCase(FuzzRequest.KEY_HEADER))
              .map(FuzzRequest.Header::value)
              .collect(Collectors.toSet());
      if (request.input() == BadInput.KEY_EMPTY || request.input() == BadInput.KEY_BLANK) {
        continue;
      }
      assertThat(keys).as(request.toString()).isNotEmpty();
      assertThat(keys).as(request.toString()).allMatch(k -> FuzzRequest.idIn(k) == request.id());
    }
  }

  @Test
  void the_bodies_over_the_limit_are_larger_than_max_request_size_and_the_others_not() {
    for (FuzzRequest request : FuzzRequests.generate(15, FuzzRequests.DEFAULT_SIZE)) {
      boolean huge =
          Arrays.asList(BadInput.BODY_HUGE, BadInput.BODY_HUGE_CHUNKED).contains(request.input());
      if (huge) {
        assertThat(request.body().length).isGreaterThan(FuzzRequests.MAX_REQUEST_SIZE);
      } else {
        assertThat(request.body().length).isLessThanOrEqualTo(FuzzRequests.MAX_REQUEST_SIZE);
      }
    }
  }
}
