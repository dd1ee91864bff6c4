package dev.fenced.store.jpa;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Qualifies the {@code jpa} store bean ({@link JpaStoreBean}), so that it never takes the
 * {@code @Default} qualifier and an unqualified {@code @Inject IdempotencyStore} or {@code
 * LockStore} elsewhere in an application is not answered by it. Fenced selects it by its name
 * ({@code fenced.idempotency.store=jpa}, {@code fenced.locks.store=jpa}).
 */
@Qualifier
@Documented
@Retention(RUNTIME)
@Target({TYPE, METHOD, FIELD, PARAMETER})
public @interface FencedJpa {}
