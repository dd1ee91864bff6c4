/** The deployment of {@code InvalidReturnTypeTest}. */
package dev.fenced.tck.invalid.returntype;
