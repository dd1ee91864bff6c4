package dev.fenced.tck.encryption;

/** The keys of the encryption deployments: never use these anywhere else. */
public final class Keys {

  /** A key in the form {@code openssl rand -base64 32} prints, used as it is. */
  public static final String NEW = "3q2+7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGho=";

  /** A passphrase of more than 32 characters, expanded with HKDF-SHA256. */
  public static final String OLD = "the-old-tck-passphrase-0123456789-abcdef";

  /** The option that lists the keys. */
  public static final String OPTION = "fenced.idempotency.encryption.keys";

  private Keys() {}
}
