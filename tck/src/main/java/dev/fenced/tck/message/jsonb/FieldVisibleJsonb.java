package dev.fenced.tck.message.jsonb;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.config.PropertyVisibilityStrategy;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/** The application's JSON-B: it writes and reads fields, whatever their visibility. */
@ApplicationScoped
public class FieldVisibleJsonb {

  /**
   * The application's {@code Jsonb}.
   *
   * @return a JSON-B that sees every field and no method
   */
  @Produces
  @ApplicationScoped
  public Jsonb jsonb() {
    return JsonbBuilder.create(
        new JsonbConfig()
            .withPropertyVisibilityStrategy(
                new PropertyVisibilityStrategy() {
                  @Override
                  public boolean isVisible(Field field) {
                    return true;
                  }

                  @Override
                  public boolean isVisible(Method method) {
                    return false;
                  }
                }));
  }

  /**
   * Closes it when the application stops.
   *
   * @param jsonb the produced one
   * @throws Exception when closing fails
   */
  public void close(@Disposes Jsonb jsonb) throws Exception {
    jsonb.close();
  }
}
