/**
 * The deployment of {@code IdempotentContainerPrincipalTest}: two users the container authenticates
 * (Jakarta Security, HTTP BASIC, an identity store of the application), a resource guarded in each
 * scope, and the EJB, CDI bean and timer that resource calls with a key from the request.
 */
package dev.fenced.tck.idempotent.principal;
