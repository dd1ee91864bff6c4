package dev.fenced.tck.idempotent.principal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.authentication.mechanism.http.BasicAuthenticationMechanismDefinition;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

/**
 * The bank's users, {@value #ALICE} and {@value #BOB}, in role {@value #ROLE}: an application
 * identity store behind the container's HTTP BASIC mechanism, so the container itself authenticates
 * them (no server realm to set up).
 */
@BasicAuthenticationMechanismDefinition(realmName = "fenced-tck")
@ApplicationScoped
public class BankUsers implements IdentityStore {

  /** One user. */
  public static final String ALICE = "alice";

  /** The other user. */
  public static final String BOB = "bob";

  /** The role both have, which the deployment's security constraint requires. */
  public static final String ROLE = "customer";

  private static final Set<String> USERS = Set.of(ALICE, BOB);

  @Override
  public CredentialValidationResult validate(Credential credential) {
    if (!(credential instanceof UsernamePasswordCredential login)) {
      return CredentialValidationResult.NOT_VALIDATED_RESULT;
    }
    String user = login.getCaller();
    return USERS.contains(user) && login.compareTo(user, password(user))
        ? new CredentialValidationResult(user, Set.of(ROLE))
        : CredentialValidationResult.INVALID_RESULT;
  }

  /**
   * The {@code Authorization} header that logs a user in.
   *
   * @param user {@value #ALICE} or {@value #BOB}
   * @return {@code Basic} and the user's credentials
   */
  public static String basic(String user) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password(user)).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A {@code web.xml} that lets only the users in {@value #ROLE} reach {@code urlPattern}, so the
   * container authenticates them there.
   *
   * @param urlPattern the protected URL pattern, e.g. {@code /graphql}
   * @return the descriptor
   */
  public static String webXml(String urlPattern) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
          <security-constraint>
            <web-resource-collection>
              <web-resource-name>members</web-resource-name>
              <url-pattern>%s</url-pattern>
            </web-resource-collection>
            <auth-constraint>
              <role-name>%s</role-name>
            </auth-constraint>
          </security-constraint>
          <security-role>
            <role-name>%s</role-name>
          </security-role>
        </web-app>
        """
        .formatted(urlPattern, ROLE, ROLE);
  }

  private static String password(String user) {
    return user + "-tck-password";
  }
}
