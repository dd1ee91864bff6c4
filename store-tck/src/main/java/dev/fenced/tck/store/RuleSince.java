package dev.fenced.tck.store;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The store-TCK version that added or tightened the rule a contract test checks, on the test or on
 * its {@code @Nested} group. A failed assertion of such a test names that version, so that a store
 * written against an earlier store TCK finds the rule in the list "Changes for store vendors" of
 * the store TCK's README.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface RuleSince {

  /**
   * The version.
   *
   * @return a store-TCK version, e.g. {@code 0.1.0}
   */
  String value();
}
