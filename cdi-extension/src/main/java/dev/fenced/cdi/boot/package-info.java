/**
 * What runs while the container boots: the portable extension {@link
 * dev.fenced.cdi.boot.FencedExtension}, the readers that turn each annotated type into the models
 * of {@link dev.fenced.cdi.model} (and build their registries), the deployment checks of {@link
 * dev.fenced.cdi.boot.check}, and the stores' set-up check as the application starts. Nothing here
 * runs on a call.
 */
package dev.fenced.cdi.boot;
