package dev.fenced.tck.locks.common;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;

/**
 * {@link MapLockStore} as the deployment's lock store, selected with {@code
 * fenced.locks.store=}{@value #NAME}.
 */
@ApplicationScoped
@Named(TckLockStore.NAME)
public class TckLockStore extends MapLockStore {

  /** The bean name a deployment's config selects. */
  public static final String NAME = "tcklocks";
}
