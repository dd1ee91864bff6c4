/** The deployment of {@code WithoutOverlappingDirectCallTest}. */
package dev.fenced.tck.locks.direct;
