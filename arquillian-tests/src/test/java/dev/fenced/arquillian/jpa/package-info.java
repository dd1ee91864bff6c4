/** What the {@code jpa} TCK run puts into each deployment besides the store's jar. */
package dev.fenced.arquillian.jpa;
