package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.Principal;
import org.junit.jupiter.api.Test;

class CallerPrincipalTest {

  private static Principal named(String name) {
    return () -> name;
  }

  @Test
  void an_authenticated_caller_is_named_by_its_principal() {
    assertThat(CallerPrincipal.name(named("alice"))).contains("alice");
  }

  @Test
  void no_principal_is_an_unauthenticated_caller() {
    assertThat(CallerPrincipal.name(null)).isEmpty();
    assertThat(CallerPrincipal.name(named(null))).isEmpty();
  }

  @Test
  void the_unauthenticated_identities_of_wildfly_and_open_liberty_are_no_caller() {
    assertThat(CallerPrincipal.name(named("anonymous"))).isEmpty();
    assertThat(CallerPrincipal.name(named("UNAUTHENTICATED"))).isEmpty();
  }
}
