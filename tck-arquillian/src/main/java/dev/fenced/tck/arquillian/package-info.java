/**
 * The harness that runs Fenced's behaviour TCK on an application server with Arquillian, for
 * Fenced's own build and for store vendors alike (tck/README.md): {@link
 * dev.fenced.tck.arquillian.FencedArquillianExtension}, registered by this jar, puts Fenced's
 * library into every test deployment and gives Open Liberty's failed deployments the server's error
 * text; {@link dev.fenced.tck.arquillian.CellTestCount} fails a run that completed fewer tests than
 * the TCK publishes.
 */
package dev.fenced.tck.arquillian;
