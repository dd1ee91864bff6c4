/**
 * The models: what one guarded method or bean needs at call time, resolved and validated once at
 * deployment ({@link dev.fenced.cdi.model.IdempotentMethod}, {@link
 * dev.fenced.cdi.model.JobMethod}, {@link dev.fenced.cdi.model.ElectionBean}), immutable, kept in
 * one {@link dev.fenced.cdi.model.MethodRegistry} per feature; the runtime reaches them through
 * {@link dev.fenced.cdi.model.ModelProvider}.
 */
package dev.fenced.cdi.model;
