package dev.fenced.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.Idempotent;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.junit.jupiter.api.Test;

class FaultToleranceShapesTest {

  public static class Payouts {
    @Idempotent
    @Fallback(fallbackMethod = "later")
    public String pay() {
      return "paid";
    }

    public String later() {
      return "queued";
    }

    @Idempotent
    public String plain() {
      return "paid";
    }
  }

  @Timeout(500)
  public static class TimedPayouts {
    @Idempotent
    public String pay() {
      return "paid";
    }
  }

  /** What a container's subclass of a bean looks like: the annotations are on its superclass. */
  public static class TimedPayoutsSubclass extends TimedPayouts {}

  private final FaultToleranceShapes shapes = new FaultToleranceShapes();

  @Test
  void a_method_fault_tolerance_annotates_is_witnessed() throws Exception {
    assertThat(shapes.of(Payouts.class, Payouts.class.getMethod("pay")))
        .isEqualTo(FaultToleranceShapes.Shape.WITNESSED);
  }

  @Test
  void a_method_of_a_class_fault_tolerance_annotates_is_witnessed_also_through_a_subclass()
      throws Exception {
    assertThat(shapes.of(TimedPayoutsSubclass.class, TimedPayouts.class.getMethod("pay")))
        .isEqualTo(FaultToleranceShapes.Shape.WITNESSED);
  }

  @Test
  void a_method_without_fault_tolerance_has_no_witness() throws Exception {
    assertThat(shapes.of(Payouts.class, Payouts.class.getMethod("plain")))
        .isEqualTo(FaultToleranceShapes.Shape.NONE);
  }
}
