package dev.fenced.admin;

import java.util.Optional;

/** Reads the instance part of an owner id {@code <instance>/<random>}. */
final class OwnerInstance {

  private OwnerInstance() {}

  static Optional<String> of(String owner) {
    int slash = owner.lastIndexOf('/');
    return slash > 0 ? Optional.of(owner.substring(0, slash)) : Optional.empty();
  }
}
