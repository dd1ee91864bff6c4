/**
 * The deployment of {@code IdempotentBeanValidationTest}: a resource method whose body Bean
 * Validation checks.
 */
package dev.fenced.tck.idempotent.validation;
