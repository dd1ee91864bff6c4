package dev.fenced.tck.deployment.graphql.keytype;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Mutation;
import org.eclipse.microprofile.graphql.Name;

/** A mutation whose {@code idempotencyKey} argument is a number, not a string. */
@GraphQLApi
@ApplicationScoped
public class Tills {

  /**
   * @param till the till
   * @param idempotencyKey a number
   * @return the till
   */
  @Mutation
  @Idempotent
  public String open(@Name("till") String till, @Name("idempotencyKey") long idempotencyKey) {
    return till;
  }
}
