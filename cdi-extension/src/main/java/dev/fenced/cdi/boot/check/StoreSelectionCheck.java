package dev.fenced.cdi.boot.check;

import dev.fenced.cdi.config.StoreSelection;
import java.util.List;
import java.util.Objects;

/** One store selection: the store named by its key is exactly one bean, or the in-memory store. */
public final class StoreSelectionCheck implements DeploymentCheck {

  private final StoreSelection selection;
  private final Class<?> spi;

  /**
   * Checks one selection.
   *
   * @param selection which key
   * @param spi the store SPI its beans implement
   */
  public StoreSelectionCheck(StoreSelection selection, Class<?> spi) {
    this.selection = Objects.requireNonNull(selection, "selection");
    this.spi = Objects.requireNonNull(spi, "spi");
  }

  @Override
  public List<String> problems(Deployment deployment) {
    String store = selection.name(deployment.config());
    if (StoreSelection.isMemory(store)) {
      return List.of();
    }
    return selection.problem(store, deployment.candidates(spi, store)).stream().toList();
  }
}
