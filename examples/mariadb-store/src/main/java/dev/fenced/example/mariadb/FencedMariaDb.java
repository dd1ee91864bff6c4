package dev.fenced.example.mariadb;

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
 * Qualifies the {@code mariadb} store bean ({@link MariaDbStoreBean}), so that it never takes the
 * {@code @Default} qualifier and an unqualified {@code @Inject IdempotencyStore} or {@code
 * LockStore} elsewhere in an application is not answered by it. Fenced selects it by its name
 * ({@code fenced.idempotency.store=mariadb}, {@code fenced.locks.store=mariadb}).
 */
@Qualifier
@Documented
@Retention(RUNTIME)
@Target({TYPE, METHOD, FIELD, PARAMETER})
public @interface FencedMariaDb {}
