package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.inject.spi.AnnotatedType;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The readers read what CDI's annotated types say, which another extension may have changed. */
class MethodAnnotationsTest {

  private static final ConfigLookup CONFIG = ConfigLookup.of(Map.of());

  @Idempotent
  @OnOneInstance
  @LeaderElection("feed")
  static class Carrier {}

  static class Handlers {
    public void handle(@IdempotencyKey String key) {}

    public void export() {}
  }

  static class Annotated {
    @Idempotent
    public void handle(@IdempotencyKey String key) {}
  }

  static class Feed implements OnLeadershipAcquired {
    @Override
    public void onLeadershipAcquired(Lock lease) {}
  }

  @Test
  void an_idempotent_annotation_only_on_the_annotated_type_is_honoured() throws Exception {
    AnnotatedType<Handlers> type =
        Annotateds.type(Handlers.class, Set.of(Carrier.class.getAnnotation(Idempotent.class)));
    Method handle = Handlers.class.getMethod("handle", String.class);

    assertThat(
            new IdempotentMethodReader(CONFIG)
                .read(MethodAnnotations.of(type, Annotateds.method(type, handle, Set.of()))))
        .hasValueSatisfying(m -> assertThat(m.call().keyParameter()).isZero());
    assertThat(
            new IdempotentMethodReader(CONFIG).read(MethodAnnotations.of(Handlers.class, handle)))
        .isEmpty();
  }

  @Test
  void an_annotation_another_extension_removed_is_not_read() throws Exception {
    AnnotatedType<Annotated> type = Annotateds.type(Annotated.class);
    Method handle = Annotated.class.getMethod("handle", String.class);
    var withoutIdempotent =
        Annotateds.method(
            type, handle, Annotateds.minus(handle.getAnnotations(), Idempotent.class));

    assertThat(
            new IdempotentMethodReader(CONFIG).read(MethodAnnotations.of(type, withoutIdempotent)))
        .isEmpty();
  }

  @Test
  void a_job_annotation_only_on_the_annotated_method_is_honoured() throws Exception {
    AnnotatedType<Handlers> type = Annotateds.type(Handlers.class);
    Method export = Handlers.class.getMethod("export");
    var annotated =
        Annotateds.method(
            type,
            export,
            Annotateds.plus(
                export.getAnnotations(), Carrier.class.getAnnotation(OnOneInstance.class)));

    assertThat(new JobMethodReader(CONFIG).read(MethodAnnotations.of(type, annotated)))
        .hasValueSatisfying(job -> assertThat(job.oneInstance()).isPresent());
  }

  @Test
  void an_election_only_on_the_annotated_type_is_honoured() {
    AnnotatedType<Feed> type =
        Annotateds.type(Feed.class, Set.of(Carrier.class.getAnnotation(LeaderElection.class)));

    assertThat(new ElectionBeanReader(CONFIG).read(type))
        .hasValueSatisfying(election -> assertThat(election.key()).isEqualTo("feed"));
    assertThat(new ElectionBeanReader(CONFIG).read(Annotateds.type(Feed.class))).isEmpty();
  }
}
