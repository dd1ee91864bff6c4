/**
 * Classes the integration tests deploy: one of each server feature Fenced relies on (JAX-RS, a
 * {@code @Priority} interceptor, MP Fault Tolerance, an EJB timer, MP Config), and a probe that
 * reports which class loader has a class.
 */
package dev.fenced.arquillian.setup;
