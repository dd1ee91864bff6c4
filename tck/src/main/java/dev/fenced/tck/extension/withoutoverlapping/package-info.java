/**
 * The deployment of {@code ExtensionAddedWithoutOverlappingTest}: a bean with no Fenced annotation
 * and the extension that adds {@code @WithoutOverlapping} to one of its methods.
 */
package dev.fenced.tck.extension.withoutoverlapping;
