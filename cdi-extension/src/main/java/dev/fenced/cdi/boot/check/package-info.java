/**
 * The deployment checks: each a {@code ...Check}, in plain Java, finding what is wrong in a
 * deployment. The checks across beans implement {@link dev.fenced.cdi.boot.check.DeploymentCheck},
 * so the extension's validation is one loop over them; the ones on one bean or method are run by
 * the readers. The extension reports what they find as deployment problems.
 */
package dev.fenced.cdi.boot.check;
