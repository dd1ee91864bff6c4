/**
 * Configuration values in plain Java: parsing and checking the strings that annotations and
 * MicroProfile Config hold (durations), with messages that name the option, the bad value and the
 * accepted forms. The CDI layer reads the values; this package only understands them.
 */
package dev.fenced.core.config;
