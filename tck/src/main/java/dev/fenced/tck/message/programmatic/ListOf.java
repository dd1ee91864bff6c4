package dev.fenced.tck.message.programmatic;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;

/**
 * The type {@code List<E>}, for {@code IdempotencyOptions.withResultType}.
 *
 * @param element the element type
 */
public record ListOf(Class<?> element) implements ParameterizedType {

  @Override
  public Type[] getActualTypeArguments() {
    return new Type[] {element};
  }

  @Override
  public Type getRawType() {
    return List.class;
  }

  @Override
  public Type getOwnerType() {
    return null;
  }

  @Override
  public String getTypeName() {
    return List.class.getName() + "<" + element.getName() + ">";
  }

  @Override
  public String toString() {
    return getTypeName() + Arrays.toString(getActualTypeArguments());
  }
}
