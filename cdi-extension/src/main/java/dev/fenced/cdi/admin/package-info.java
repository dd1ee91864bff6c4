/** The operator's {@code FencedAdmin} bean, on the administration SPIs of the stores in use. */
package dev.fenced.cdi.admin;
